/**
 * The demo samples of the lookup databases (seed/lookup-samples.ts, seed/lookup-articles.ts) in the demo tenant:
 * their dictionaries and the staff roles' grants of the lookup menus where missing, and the samples once, when the
 * tenant has no 造价指标 yet (an installation from before receives them on its next start). Set-based: each table
 * is one multi-row insert of prepared rows, in one transaction.
 */
import { allocateMoney, creditCodeCheckChar, fenToMoney, LOOKUP_MENU, tagsText } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../platform/crud/repo.ts';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { users } from '../modules/user/schema.ts';
import * as t from '../modules/lookup/schema.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus } from './grants.ts';
import { ANGLES, AUTHORS, enterprises, ENTERPRISE_CATEGORIES, KNOWLEDGE_CATEGORIES, QUALIFICATIONS, SOURCES, SUBJECTS } from './lookup-articles.ts';
import {
  CERTIFICATES,
  lookupDicts,
  MATERIAL_TREE,
  PERIODS,
  personName,
  PRICE_MONTHS,
  PROJECT_TYPES,
  REGIONS,
  sequence,
  TALENT_TREE,
  UNIT_PRICES,
  WORK_UNITS,
} from './lookup-samples.ts';

type Row = Record<string, unknown>;
const isLookupCode = (c: string) => c === LOOKUP_MENU.folder || c.startsWith('lookup_');
/** Yuan as money text (two decimals, through fen). */
const yuan = (x: number) => fenToMoney(BigInt(Math.round(x * 100)));
/** A percentage with two decimals. */
const percent = (x: number) => yuan(x);
/** The day an index of a quarter is published: the 15th of the month after it. */
const publishDay = (period: string) => {
  const [y, q] = [Number(period.slice(0, 4)), Number(period.slice(5))];
  return q === 4 ? `${y + 1}-01-15` : `${y}-${String(q * 3 + 1).padStart(2, '0')}-15`;
};

async function insertAll(tx: Executor, table: PgTable, rows: Row[], audit: Row) {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(table).values(rows.slice(i, i + 500).map((r) => ({ ...audit, ...r })) as never);
}

/** Project cost indices of both regions over every quarter, each with its parts summing to its total. */
function priceRows() {
  const next = sequence(20240101);
  const indices: Row[] = [];
  const details: Row[] = [];
  for (const [code, region, factor] of REGIONS)
    for (const [type, name, structure, base, parts] of PROJECT_TYPES) {
      let prev = 0;
      PERIODS.forEach((period, i) => {
        const value = base * factor * (1 + 0.006 * i) * (1 + (next() - 0.5) * 0.02);
        const id = nextId();
        const total = yuan(value);
        indices.push({
          id,
          indexName: `${region}${period.slice(0, 4)}年第${'一二三四'[Number(period.slice(5)) - 1]}季度${name}工程造价指标`,
          regionCode: code,
          regionName: region,
          period,
          projectType: Number(type),
          structureType: structure,
          unitPrice: total,
          changeRate: prev ? percent((value / prev - 1) * 100) : null,
          sampleCount: 8 + Math.floor(next() * 30),
          publishDate: publishDay(period),
          publisher: `${region}建设工程造价管理站`,
        });
        const amounts = allocateMoney(
          total,
          parts.map(([, share]) => String(share)),
        );
        parts.forEach(([item, share], k) =>
          details.push({ id: nextId(), indexId: id, itemName: item, itemPrice: amounts[k], ratio: percent(share), sort: k + 1 }),
        );
        prev = value;
      });
    }
  const units: Row[] = [];
  for (const [code, region, factor] of REGIONS)
    for (const [category, itemCode, itemName, spec, unit, base] of UNIT_PRICES) {
      let prev = 0;
      PERIODS.forEach((period, i) => {
        const value = base * factor * (1 + 0.004 * i) * (1 + (next() - 0.5) * 0.04);
        units.push({
          id: nextId(),
          regionCode: code,
          regionName: region,
          period,
          category: Number(category),
          itemCode,
          itemName,
          spec,
          unit,
          price: yuan(value),
          changeRate: prev ? percent((value / prev - 1) * 100) : null,
          publishDate: publishDay(period),
        });
        prev = value;
      });
    }
  return { indices, details, units };
}

/** The two pools' trees (two levels), the specialities of each second-level category and the people's certificates. */
function talentRows() {
  const next = sequence(19800101);
  const categories: Row[] = [];
  const specialities: Row[] = [];
  const certificates: Row[] = [];
  let person = 0;
  TALENT_TREE.forEach(([pool, top, children], i) => {
    const topId = nextId();
    categories.push({ id: topId, pool, parentId: '0', categoryName: top, sort: i + 1 });
    children.forEach(([child, names], j) => {
      const childId = nextId();
      categories.push({ id: childId, pool, parentId: topId, categoryName: child, sort: j + 1 });
      names.forEach((speciality, k) => {
        const specialityId = nextId();
        specialities.push({ id: specialityId, pool, categoryId: childId, specialityName: speciality, description: `${child}方向: ${speciality}`, sort: k + 1 });
        for (let n = 0; n < 4; n++) {
          const [certificate, level, issuer] = CERTIFICATES[(person + n) % CERTIFICATES.length] ?? CERTIFICATES[0] ?? ['', '', ''];
          const year = 2008 + Math.floor(next() * 17);
          const years = 5 + Math.floor(next() * 25);
          certificates.push({
            id: nextId(),
            pool,
            categoryId: childId,
            specialityId,
            personName: personName(person),
            gender: person % 3 === 1 ? '女' : '男',
            title: years > 15 ? '高级工程师' : '工程师',
            workUnit: WORK_UNITS[person % WORK_UNITS.length],
            workYears: years,
            certificateName: certificate,
            certificateLevel: Number(level),
            certificateNo: `${pool === 1 ? 'JS' : 'ZJ'}${year}${String(100000 + person * 37).slice(-6)}`,
            issueDate: `${year}-${String(1 + (person % 12)).padStart(2, '0')}-18`,
            validUntil: `${Math.max(year + 4, 2027)}-${String(1 + (person % 12)).padStart(2, '0')}-17`,
            issuer,
          });
          person++;
        }
      });
    });
  });
  return { categories, specialities, certificates };
}

/** Material categories (two levels), their materials with the latest price, and twelve months of prices in both regions. */
function materialRows() {
  const next = sequence(20251001);
  const categories: Row[] = [];
  const materials: Row[] = [];
  const prices: Row[] = [];
  MATERIAL_TREE.forEach(([top, topCode, children], i) => {
    const topId = nextId();
    categories.push({ id: topId, parentId: '0', categoryCode: topCode, categoryName: top, sort: i + 1 });
    children.forEach(([child, childCode, items], j) => {
      const childId = nextId();
      categories.push({ id: childId, parentId: topId, categoryCode: childCode, categoryName: child, sort: j + 1 });
      for (const [suffix, name, spec, unit, brand, base] of items) {
        const materialId = nextId();
        let latest = base;
        for (const [, region, factor] of REGIONS)
          PRICE_MONTHS.forEach((month, m) => {
            const value = base * factor * (1 + 0.003 * m) * (1 + (next() - 0.5) * 0.05);
            if (region === '南京市') latest = value;
            prices.push({ id: nextId(), materialId, regionName: region, priceMonth: month, price: yuan(value), taxIncluded: 1 });
          });
        materials.push({
          id: materialId,
          categoryId: childId,
          materialCode: `${childCode}${suffix}`,
          materialName: name,
          spec,
          unit,
          brand,
          price: yuan(latest),
          priceDate: PRICE_MONTHS.at(-1),
          remark: '南京市信息价(含税)',
        });
      }
    });
  });
  return { categories, materials, prices };
}

/** Two-level category rows of names, and the id of each name. */
function treeRows(tree: [string, string[]][]) {
  const rows: Row[] = [];
  const ids = new Map<string, string>();
  tree.forEach(([top, children], i) => {
    const topId = nextId();
    rows.push({ id: topId, parentId: '0', categoryName: top, sort: i + 1 });
    children.forEach((child, j) => {
      const id = nextId();
      ids.set(child, id);
      rows.push({ id, parentId: topId, categoryName: child, sort: j + 1 });
    });
  });
  return { rows, ids };
}

function knowledgeRows() {
  const { rows: categories, ids } = treeRows(KNOWLEDGE_CATEGORIES);
  const articles: Row[] = SUBJECTS.flatMap(([category, subject, tags, text], i) =>
    ANGLES.map(([title, lead], j) => {
      const n = i * ANGLES.length + j;
      return {
        id: nextId(),
        categoryId: ids.get(category),
        title: title(subject),
        summary: text.slice(0, 60),
        content: `${lead}\n\n${text}\n\n在${subject}工作中,咨询人员应熟悉合同约定和现行计价依据,做到依据充分、计算准确、资料完整。`,
        tags: tagsText(j === 2 ? [...tags, '案例'] : tags),
        author: AUTHORS[n % AUTHORS.length],
        source: SOURCES[n % SOURCES.length],
        publishDate: `${2024 + (n % 3)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 27)).padStart(2, '0')}`,
        viewCount: (n * 37) % 900,
        sort: n + 1,
      };
    }),
  );
  return { categories, articles };
}

/** A valid unified social credit code for the n-th enterprise (a 91 enterprise code of its city). */
const creditCode = (n: number, region: string) => {
  const first17 = `91${region === '南京市' ? '320100' : '320500'}${String(7000000 + n * 1357).padStart(9, '0')}`;
  return `${first17}${creditCodeCheckChar(first17) ?? '0'}`;
};

function enterpriseRows() {
  const { rows: categories, ids } = treeRows(ENTERPRISE_CATEGORIES);
  const authentications: Row[] = enterprises().flatMap(({ name, category, region, seq }) =>
    (QUALIFICATIONS[category] ?? []).map(([qualification, level, authority], k) => ({
      id: nextId(),
      categoryId: ids.get(category),
      enterpriseName: name,
      creditCode: creditCode(seq, region),
      regionName: region,
      legalPerson: personName(seq + 11),
      qualificationName: qualification,
      qualificationLevel: Number(level),
      certificateNo: `${k === 0 ? 'D' : 'A'}${232000000 + seq * 1731 + k}`,
      issueDate: `${2019 + (seq % 5)}-0${1 + (seq % 9)}-20`,
      validUntil: `${2027 + (seq % 3)}-0${1 + (seq % 9)}-19`,
      authority,
      sort: seq + 1,
    })),
  );
  return { categories, authentications };
}

export async function seedLookups(db: Db) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin'), eq(users.isDeleted, 0)))
    .limit(1);
  if (!admin) return; // no demo company

  await db.transaction(async (tx) => {
    await ensureDemoDicts(tx, tenantId, Object.keys(lookupDicts));
    await grantDemoMenus(tx, tenantId, (_role, code) => isLookupCode(code));
  });

  const [had] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.projectPriceIndices)
    .where(eq(t.projectPriceIndices.tenantId, tenantId));
  if ((had?.n ?? 0) > 0) return;

  const audit = { tenantId, createUser: admin.id, updateUser: admin.id };
  const price = priceRows();
  const talent = talentRows();
  const material = materialRows();
  const knowledge = knowledgeRows();
  const enterprise = enterpriseRows();
  await db.transaction(async (tx) => {
    const all: [PgTable, Row[]][] = [
      [t.projectPriceIndices, price.indices],
      [t.projectPriceDetails, price.details],
      [t.unitPriceIndices, price.units],
      [t.talentCategories, talent.categories],
      [t.specialities, talent.specialities],
      [t.certificationInfos, talent.certificates],
      [t.materialCategories, material.categories],
      [t.materialInfos, material.materials],
      [t.materialPrices, material.prices],
      [t.knowledgeCategories, knowledge.categories],
      [t.knowledgeInfos, knowledge.articles],
      [t.enterpriseCategories, enterprise.categories],
      [t.enterpriseAuthentications, enterprise.authentications],
    ];
    for (const [table, rows] of all) await insertAll(tx, table, rows, audit);
  });
}
