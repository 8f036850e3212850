/**
 * 知识库 (S2 L482: knowledge category tree, top tags, info page, tag list, detail), at paths of our choosing in
 * the specs' style (docs/compatibility.md). The info page searches titles and bodies (`keyword`, several words
 * all required): plain substring matching (strpos), which reads Chinese text without a word splitter and runs the
 * same on PGlite and on a PostgreSQL server without extensions; ranked by where and how often the words occur
 * (a title hit weighs ten body hits), the matches marked with <em> in the escaped title and a snippet of the body.
 */
import { knowledgeCategoryEntity, knowledgeInfoEntity, LOOKUP_MENU, tagsOf, type RowOf } from '@hjl/core';
import { and, count, desc, getTableColumns, like, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { executeRows } from '../../platform/db/rows.ts';
import { page } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { categoryTree, DATABASE_API, idIs, optionalId, pageSchema, pathId, rowSchema, treeSchema, type LookupRouter } from './answers.ts';
import { highlight, searchTerms, snippet } from './search.ts';
import { knowledgeCategories, knowledgeInfos } from './schema.ts';

const requires = { code: LOOKUP_MENU.knowledge };
const tags = ['知识库'];
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const keyword = z.string().max(100, '搜索内容最多100个字符').optional();
const tagName = z.string().max(30, '标签最多30个字符').optional();

const { content: _content, ...listColumns } = getTableColumns(knowledgeInfos);
const articleRow = rowSchema(knowledgeInfoEntity, { titleHighlight: z.string(), snippet: z.string(), score: z.number() });
const tagRow = z.object({ tagName: z.string(), articleCount: z.number() });

export function registerKnowledge(ctx: ModuleContext, route: LookupRouter) {
  const db = ctx.database.db;
  const categoryRepo = ctx.repo(knowledgeCategoryEntity, knowledgeCategories);
  const infoRepo = ctx.repo(knowledgeInfoEntity, knowledgeInfos);

  /** The tags of the caller's articles with how many carry each, most used first. */
  const tagCounts = async (user: AuthUser, limit: number) => {
    const where = and(...(await infoRepo.scope(user)));
    return (
      await executeRows<{ tag_name: string; n: number }>(
        db,
        sql`SELECT t.tag AS tag_name, count(*)::int AS n FROM ${knowledgeInfos}, unnest(string_to_array(${knowledgeInfos.tags}, ',')) AS t(tag)
            WHERE ${where} AND t.tag <> '' GROUP BY t.tag ORDER BY n DESC, t.tag LIMIT ${limit}`,
      )
    ).map((r) => ({ tagName: r.tag_name, articleCount: Number(r.n) }));
  };

  route({
    url: `${DATABASE_API}/knowledgecategory/tree`,
    summary: '知识分类树',
    tags,
    requires,
    query: z.object({}),
    response: treeSchema(knowledgeCategoryEntity),
    local: (user) => categoryTree(ctx, user, categoryRepo, knowledgeCategories),
  });
  route({
    url: `${DATABASE_API}/knowledgetag/top`,
    summary: '热门标签(按文章数)',
    tags,
    requires,
    query: z.object({
      limit: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').max(50, '最多50个标签').default(10),
    }),
    response: z.array(tagRow),
    local: (user, q) => tagCounts(user, q.limit),
  });
  route({
    url: `${DATABASE_API}/knowledgetag/list`,
    summary: '标签列表',
    tags,
    requires,
    query: z.object({}),
    response: z.array(tagRow),
    local: (user) => tagCounts(user, 1000),
  });
  route({
    url: `${DATABASE_API}/knowledgeinfo/page`,
    summary: '知识文章分页(分类、标签; keyword 全文检索标题和正文,按相关度排序并标记命中)',
    tags,
    requires,
    query: z.object({
      current: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').default(1),
      size: z.coerce.number({ message: '请求参数类型错误' }).int('请求参数类型错误').min(1, '请求参数类型错误').max(100, '每页最多100条').default(10),
      categoryId: optionalId(),
      tag: tagName,
      keyword,
    }),
    response: pageSchema(articleRow),
    local: async (user, q) => {
      const terms = searchTerms(q.keyword ?? '');
      const lowered = (c: SQL | typeof knowledgeInfos.title) => sql`lower(${c})`;
      const hits = terms.map(
        (t) => sql`(strpos(${lowered(knowledgeInfos.title)}, ${t}::text) > 0 OR strpos(${lowered(knowledgeInfos.content)}, ${t}::text) > 0)`,
      );
      const score = terms.length
        ? sql.join(
            terms.map(
              (t) =>
                sql`(CASE WHEN strpos(${lowered(knowledgeInfos.title)}, ${t}::text) > 0 THEN 10 ELSE 0 END + (char_length(${knowledgeInfos.content}) - char_length(replace(${lowered(knowledgeInfos.content)}, ${t}::text, ''))) / char_length(${t}::text))`,
            ),
            sql` + `,
          )
        : sql`0::int`;
      const where = and(
        ...(await infoRepo.scope(user)),
        ...idIs(infoRepo, 'categoryId', q.categoryId),
        ...(q.tag ? [like(knowledgeInfos.tags, `%,${escapeLike(q.tag)},%`)] : []),
        ...hits,
      );
      const rows = (await db
        .select({ ...listColumns, score: sql<number>`${score}`.mapWith(Number), body: knowledgeInfos.content })
        .from(knowledgeInfos)
        .where(where)
        .orderBy(...(terms.length ? [desc(sql`${score}`)] : []), desc(knowledgeInfos.publishDate), desc(knowledgeInfos.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size)) as (Omit<RowOf<typeof knowledgeInfoEntity>, 'content'> & { score: number; body: string | null })[];
      const [total] = await db.select({ n: count() }).from(knowledgeInfos).where(where);
      const records = rows.map(({ body, ...r }) => ({
        ...r,
        tagList: tagsOf(r.tags),
        titleHighlight: highlight(r.title ?? '', terms),
        snippet: terms.length ? snippet(body ?? '', terms) : highlight(r.summary ?? '', []),
      }));
      return page(records, Number(total?.n ?? 0), q.current, q.size);
    },
  });
  route({
    url: `${DATABASE_API}/knowledgeinfo/:id`,
    summary: '知识文章详情(keyword: 标记正文中的命中)',
    tags,
    requires,
    query: z.object({ keyword }),
    response: rowSchema(knowledgeInfoEntity, { categoryName: z.string().nullable(), titleHighlight: z.string(), contentHighlight: z.string() }),
    local: async (user, q, req) => {
      const row = await infoRepo.detail(user, pathId(req));
      if (!row) throw notFound('知识文章不存在');
      const terms = searchTerms(q.keyword ?? '');
      const category = row.categoryId ? await categoryRepo.detail(user, row.categoryId) : undefined;
      return {
        ...row,
        tagList: tagsOf(row.tags),
        categoryName: category?.categoryName ?? null,
        titleHighlight: highlight(row.title ?? '', terms),
        contentHighlight: highlight(row.content ?? '', terms),
      };
    },
  });
}
