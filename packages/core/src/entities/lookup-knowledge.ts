import { defineEntity } from '../entity.ts';
import { parentIdField, sortField } from './lookup-common.ts';

/**
 * 知识库 (S2 L482: knowledge category tree, top tags, info page, tag list, detail): articles on cost consulting
 * (清单计价, 定额, 签证变更 …) by category, each with its tags; searched in full text over titles and bodies.
 */

export const knowledgeCategoryEntity = defineEntity({
  name: 'db_knowledge_category',
  table: 'db_knowledge_category',
  api: '/prod-api/database/knowledgecategory',
  path: '/databaseData/knowledge',
  label: { zh: '知识分类', en: 'Knowledge categories' },
  routes: [],
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: {
    parentId: parentIdField,
    categoryName: { type: 'string', max: 50, label: { zh: '分类名称', en: 'Name' }, required: '请输入分类名称', list: true, search: true },
    sort: sortField,
  },
});

/** Tags are kept on the article as one text, each between commas (,清单计价,签证变更,), so one tag matches exactly. */
export const tagsText = (tags: readonly string[]) => (tags.length ? `,${tags.join(',')},` : '');
export const tagsOf = (text: string | null | undefined) => (text ?? '').split(',').filter(Boolean);

export const knowledgeInfoEntity = defineEntity({
  name: 'db_knowledge_info',
  table: 'db_knowledge_info',
  api: '/prod-api/database/knowledgeinfo',
  path: '/databaseData/knowledge',
  label: { zh: '知识文章', en: 'Articles' },
  routes: [],
  defaultSort: { field: 'publishDate', dir: 'desc' },
  fields: {
    categoryId: { type: 'id', label: { zh: '知识分类', en: 'Category' }, required: '请选择知识分类', filterable: true },
    title: { type: 'string', max: 200, label: { zh: '标题', en: 'Title' }, required: '请输入标题', list: true, width: 320 },
    summary: { type: 'string', max: 500, label: { zh: '摘要', en: 'Summary' }, list: true },
    content: { type: 'text', label: { zh: '正文', en: 'Body' }, required: '请输入正文' },
    tags: { type: 'string', max: 500, label: { zh: '标签', en: 'Tags' }, list: true },
    author: { type: 'string', max: 50, label: { zh: '作者', en: 'Author' }, list: true, search: true },
    source: { type: 'string', max: 100, label: { zh: '来源', en: 'Source' }, list: true },
    publishDate: { type: 'date', label: { zh: '发布日期', en: 'Published' }, list: true, sortable: true },
    viewCount: { type: 'int', label: { zh: '阅读量', en: 'Views' }, default: 0, range: { min: 0, max: 2000000000 }, list: true, sortable: true },
    sort: sortField,
  },
});
