/**
 * /login (spec 2 sections 2 and 3): tenant, account, password and captcha. Built from plain elements styled like
 * antd's large form (login.module.css), not from antd: the page's JavaScript stays small (docs/performance.md
 * "Pages in the browser"). Its two dialogs (LoginDialogs.tsx) and the error messages load antd when they are needed.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { login, PasswordChangeRequired } from '../../app/auth';
import { settings } from '../../app/config';
import { designSystem } from '../../app/designSystemRoute';
import { loadLayout } from '../../app/layout/loadLayout';
import { LANGUAGES, useLanguage, setLanguage } from '../../app/i18n';
import { getSession, lastTenantId } from '../../app/session';
import { KEYS, storage } from '../../app/storage';
import { captchaQuery, domainTenantQuery } from './api';
import { LoginIcon, loginIcons } from './icons';
import styles from './login.module.css';

const LoginDialogs = lazy(() => import('./LoginDialogs'));

interface Values {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}
type Field = keyof Values;
/** Where to go after signing in: the page the user wanted, if it is a path of this app. */
function target(redirect: string | null): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && redirect !== settings.loginPath ? redirect : settings.homePath;
}

export default function LoginPage() {
  // A signed-in user who opens /login goes to / (checked once: signing in here navigates by itself).
  const [signedIn] = useState(() => getSession() !== null);
  if (signedIn) return <Navigate to="/" replace />;
  return <LoginScreen />;
}

/** The fields' messages when empty (blank counts as empty, as antd's `whitespace` rule; the password as typed). */
function errorsOf(
  values: Values,
  t: (key: `login.${'tenantRequired' | 'accountRequired' | 'passwordRequired' | 'captchaRequired'}`) => string,
  withTenant: boolean,
) {
  const errors: Partial<Record<Field, string>> = {};
  if (withTenant && !values.tenantId.trim()) errors.tenantId = t('login.tenantRequired');
  if (!values.username.trim()) errors.username = t('login.accountRequired');
  if (!values.password) errors.password = t('login.passwordRequired');
  if (!values.code.trim()) errors.code = t('login.captchaRequired');
  return errors;
}

/** An input with its icon in front and its message below, like antd's large `Form.Item` + `Input`. */
function FieldBox(props: { error?: string | undefined; hidden?: boolean; prefix: ReactNode; suffix?: ReactNode; children: ReactNode; grow?: boolean }) {
  return (
    <div className={`${styles.item} ${props.grow ? styles.grow : ''}`} hidden={props.hidden}>
      <span className={`${styles.affix} ${props.error ? styles.affixError : ''}`}>
        <span className={styles.prefix}>{props.prefix}</span>
        {props.children}
        {props.suffix}
      </span>
      {props.error && (
        <div className={styles.error} role="alert">
          {props.error}
        </div>
      )}
    </div>
  );
}

function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>(() => ({ tenantId: lastTenantId() ?? settings.defaultTenantId, username: '', password: '', code: '' }));
  /** Fields checked so far: all of them after a submit, else those typed in (checked as they change, as antd's form). */
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [registering, setRegistering] = useState(false);
  /** The dialogs' module is loaded once one of them is wanted, then stays. */
  const [dialogs, setDialogs] = useState(false);
  /** A first login with a generated password: its token, which may only change the password. */
  const [changing, setChanging] = useState<{ token: string; password: string } | undefined>();
  const captcha = useQuery(captchaQuery());
  // A tenant bound to this address (tenant/info by domain) needs no tenant id typed in: it is filled in and hidden.
  const domainTenant = useQuery({ ...domainTenantQuery(window.location.host), enabled: settings.tenantMode });
  const boundTenant = domainTenant.data?.tenantId;
  /** What is signed in with: the bound tenant in place of the (hidden) tenant field. */
  const entered = boundTenant ? { ...values, tenantId: boundTenant } : values;

  useEffect(() => {
    document.title = t('login.title');
  }, [t]);
  // Once the page is up, antd, the shell and the home page load in the background (a failure is left to the router's own load).
  const shown = !!captcha.data;
  useEffect(() => {
    if (shown)
      void designSystem
        .preload()
        .then(loadLayout)
        .then(() => import('../../app/layout/preload'))
        .then(({ preloadPage }) => preloadPage(settings.homePath))
        .catch(() => undefined);
  }, [shown]);

  const errors = errorsOf(entered, t, settings.tenantMode);
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((s) => ({ ...s, [field]: true }));
  };
  const errorOf = (field: Field) => (touched[field] ? errors[field] : undefined);

  const newCaptcha = () => {
    setValues((v) => ({ ...v, code: '' }));
    setTouched((s) => ({ ...s, code: false }));
    void captcha.refetch();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ tenantId: true, username: true, password: true, code: true });
    if (Object.keys(errors).length || submitting) return;
    if (!captcha.data) return newCaptcha();
    setSubmitting(true);
    try {
      await login({
        tenantId: entered.tenantId.trim(),
        username: entered.username.trim(),
        password: entered.password,
        captchaKey: captcha.data.key,
        captchaCode: entered.code.trim(),
      });
      navigate(target(params.get('redirect')), { replace: true });
    } catch (e) {
      if (e instanceof PasswordChangeRequired) {
        setDialogs(true);
        setChanging({ token: e.token, password: values.password });
      }
      // The API client has shown the server's error_description; a captcha is good for one try only.
      newCaptcha();
      setSubmitting(false);
    }
  };

  const lang = useLanguage();
  const other = LANGUAGES.find((l) => l.code !== lang) ?? LANGUAGES[0];

  // The theme colour chosen in the shell (app/theme.ts keeps it) colours the form as it does antd's primary colour.
  const color = storage.get<string>(KEYS.themeColor);
  return (
    <div className={styles.page} style={color ? ({ '--login-primary': color } as CSSProperties) : undefined}>
      <button type="button" className={`${styles.link} ${styles.lang}`} data-testid="login-lang" onClick={() => void setLanguage(other.code)}>
        {other.label}
      </button>
      <main className={styles.card}>
        <h1 className={styles.title}>{t('app.name')}</h1>
        <p className={styles.subtitle}>{t('login.heading')}</p>
        <form onSubmit={(e) => void submit(e)} autoComplete="off" noValidate>
          {settings.tenantMode && (
            <FieldBox hidden={!!boundTenant} error={errorOf('tenantId')} prefix={<LoginIcon icon={loginIcons.TeamOutlined} />}>
              <input
                className={styles.input}
                value={values.tenantId}
                onChange={(e) => set('tenantId', e.target.value)}
                placeholder={t('login.tenant')}
                aria-label={t('login.tenant')}
                aria-invalid={!!errorOf('tenantId')}
                data-testid="login-tenant"
              />
            </FieldBox>
          )}
          <FieldBox error={errorOf('username')} prefix={<LoginIcon icon={loginIcons.UserOutlined} />}>
            <input
              className={styles.input}
              value={values.username}
              onChange={(e) => set('username', e.target.value)}
              placeholder={t('login.account')}
              aria-label={t('login.account')}
              aria-invalid={!!errorOf('username')}
              autoComplete="username"
              data-testid="login-account"
            />
          </FieldBox>
          <FieldBox
            error={errorOf('password')}
            prefix={<LoginIcon icon={loginIcons.LockOutlined} />}
            suffix={
              <button type="button" className={styles.eye} onClick={() => setShowPassword((v) => !v)} tabIndex={-1}>
                <LoginIcon icon={showPassword ? loginIcons.EyeOutlined : loginIcons.EyeInvisibleOutlined} />
              </button>
            }
          >
            <input
              className={styles.input}
              type={showPassword ? 'text' : 'password'}
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              placeholder={t('login.password')}
              aria-label={t('login.password')}
              aria-invalid={!!errorOf('password')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </FieldBox>
          <div className={styles.row}>
            <FieldBox grow error={errorOf('code')} prefix={<LoginIcon icon={loginIcons.SafetyOutlined} />}>
              <input
                className={styles.input}
                value={values.code}
                onChange={(e) => set('code', e.target.value)}
                placeholder={t('login.captcha')}
                aria-label={t('login.captcha')}
                aria-invalid={!!errorOf('code')}
                maxLength={8}
                data-testid="login-captcha"
              />
            </FieldBox>
            <button type="button" className={styles.captcha} title={t('login.captchaRefresh')} onClick={newCaptcha} data-testid="login-captcha-image">
              {captcha.data && <img src={captcha.data.image} alt={t('login.captcha')} />}
            </button>
          </div>
          <button type="submit" className={styles.submit} aria-busy={submitting} data-testid="login-submit">
            {submitting && <span className={styles.spinner} aria-hidden />}
            {t('login.submit')}
          </button>
          <div className={styles.end}>
            <button
              type="button"
              className={styles.link}
              onClick={() => {
                setDialogs(true);
                setRegistering(true);
              }}
              data-testid="login-register"
            >
              {t('login.register')}
            </button>
          </div>
        </form>
        {dialogs && (
          <Suspense fallback={null}>
            <LoginDialogs
              register={{ open: registering, onClose: () => setRegistering(false), boundTenant, defaultTenant: entered.tenantId }}
              change={{
                token: changing?.token,
                oldPassword: changing?.password ?? '',
                onCancel: () => setChanging(undefined),
                onDone: (newPassword) => {
                  setChanging(undefined);
                  setValues((v) => ({ ...v, password: newPassword }));
                },
              }}
            />
          </Suspense>
        )}
      </main>
    </div>
  );
}
