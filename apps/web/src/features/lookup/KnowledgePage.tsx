/**
 * /databaseData/knowledge: 知识库 (S2 L482) — the category tree and the most used tags beside the articles, a full-text
 * search of titles and bodies (the hits highlighted, the best matches first), and an article opened with its hits.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Drawer, Empty, Flex, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { Page } from '@hjl/core';
import { CategoryTree } from './CategoryTree';
import { Marked } from './Marked';
import { DATABASE, lookupQuery, type Row } from './api';

type Article = Row & { titleHighlight: string; snippet: string; tagList: string[] };

function ArticleDrawer({ id, keyword, onClose }: { id: string | null; keyword: string; onClose: () => void }) {
  const a = useQuery(
    lookupQuery<Row & { titleHighlight: string; contentHighlight: string; tagList: string[] }>(`${DATABASE}/knowledgeinfo/${id ?? ''}`, { keyword }, !!id),
  );
  const d = a.data;
  return (
    <Drawer open={!!id} size={760} title={d ? <Marked text={d.titleHighlight} /> : ''} onClose={onClose} loading={a.isLoading} data-testid="knowledge-article">
      {d && (
        <>
          <Typography.Paragraph type="secondary">
            {String(d.categoryName ?? '')} · {String(d.author ?? '')} · {String(d.source ?? '')} · {String(d.publishDate ?? '')}
          </Typography.Paragraph>
          <Space wrap style={{ marginBottom: 12 }}>
            {d.tagList.map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
          </Space>
          <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
            <Marked text={d.contentHighlight} />
          </div>
        </>
      )}
    </Drawer>
  );
}

export default function KnowledgePage() {
  const [categoryId, setCategoryId] = useState<string>();
  const [tag, setTag] = useState<string>();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const tags = useQuery(lookupQuery<{ tagName: string; articleCount: number }[]>(`${DATABASE}/knowledgetag/top`, { limit: 12 }));
  const page = useQuery(lookupQuery<Page<Article>>(`${DATABASE}/knowledgeinfo/page`, { current, size: 10, categoryId, tag, keyword }));
  return (
    <Flex gap={16} align="start">
      <Flex vertical gap={16}>
        <CategoryTree url={`${DATABASE}/knowledgecategory/tree`} title="知识分类" value={categoryId} onChange={(id) => (setCategoryId(id), setCurrent(1))} />
        <Card size="small" title="热门标签" style={{ width: 260 }}>
          <Space wrap>
            {(tags.data ?? []).map((t) => (
              <Tag.CheckableTag key={t.tagName} checked={tag === t.tagName} onChange={(on) => (setTag(on ? t.tagName : undefined), setCurrent(1))}>
                {t.tagName}({t.articleCount})
              </Tag.CheckableTag>
            ))}
          </Space>
        </Card>
      </Flex>
      <Card style={{ flex: 1, minWidth: 0 }}>
        <Input.Search
          placeholder="搜索标题和正文,多个词用空格分隔"
          allowClear
          enterButton="搜索"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => (setKeyword(v.trim()), setCurrent(1))}
          style={{ maxWidth: 520, marginBottom: 16 }}
          data-testid="knowledge-search"
        />
        <List<Article>
          loading={page.isFetching}
          dataSource={page.data?.records ?? []}
          locale={{ emptyText: <Empty description="没有找到相关文章" /> }}
          data-testid="knowledge-results"
          pagination={{ current, pageSize: 10, total: page.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
          renderItem={(a) => (
            <List.Item key={a.id}>
              <List.Item.Meta
                title={
                  <a onClick={() => setOpen(a.id)}>
                    <Marked text={a.titleHighlight} />
                  </a>
                }
                description={
                  <>
                    <div>
                      <Marked text={a.snippet} />
                    </div>
                    <Space wrap size={4} style={{ marginTop: 4 }}>
                      {a.tagList.map((t) => (
                        <Tag key={t}>{t}</Tag>
                      ))}
                      <Typography.Text type="secondary">
                        {String(a.author ?? '')} · {String(a.publishDate ?? '')}
                      </Typography.Text>
                    </Space>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <ArticleDrawer id={open} keyword={keyword} onClose={() => setOpen(null)} />
    </Flex>
  );
}
