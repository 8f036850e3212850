-- Trigram indexes (pg_trgm, GIN) serving substring filters ("contains": LIKE '%…%') of the tables that grow large,
-- as the schema declares them (FieldDef.trigramIndex, platform/db/trigram.ts; docs/performance.md "Substring
-- filters"). pg_trgm is a contrib extension: PGlite loads it when the database opens; a PostgreSQL server without
-- it (no contrib package), or a role that may not create it, starts without these indexes and searches by scanning.
DO $$
DECLARE
  ops text;
  t text;
  c text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
      RAISE NOTICE 'pg_trgm is not available on this server: substring filters are not indexed';
      RETURN;
    END IF;
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm could not be created (%): substring filters are not indexed', SQLERRM;
      RETURN;
    END;
  END IF;
  -- The operator class where the extension lives (it may have been created in another schema than ours).
  SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  FOR t, c IN SELECT * FROM (VALUES
    ('blade_log_api', 'request_uri'),
    ('blade_log_error', 'request_uri'),
    ('blade_log_usual', 'request_uri'),
    ('hjl_customer', 'customer_name'),
    ('hjl_income_expend', 'transaction_reference_number'),
    ('hjl_income_expend', 'payer_name'),
    ('hjl_income_expend', 'payee_name'),
    ('hjl_income_expend', 'project_name'),
    ('hjl_payment_his', 'biz_title'),
    ('hjl_payment_his', 'payee_name'),
    ('hjl_invoice', 'project_name'),
    ('hjl_invoice', 'invoice_title'),
    ('hjl_contract', 'contract_num'),
    ('hjl_contract', 'contract_name'),
    ('hjl_project', 'project_num'),
    ('hjl_project', 'project_name'),
    ('blade_param', 'param_name'),
    ('blade_param', 'param_key'),
    ('blade_wf_hi_procinst', 'title'),
    ('blade_wf_hi_procinst', 'serial_number')
  ) AS v(t, c) LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING gin (%I %s)', t || '_' || c || '_trgm_idx', t, c, ops);
  END LOOP;
END $$;
