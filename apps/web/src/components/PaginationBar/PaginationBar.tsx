/**
 * The pagination bar every list uses (spec 2 sections 2 and 9): total, sizes, previous, pager, next and
 * jumper, and a change scrolls the page back to the top (800 ms). A standalone bar offers 10, 20, 30, 50
 * per page; list tables offer the list sizes (10, 30, 50, 100, 200, `LIST_PAGE_SIZES`) — both start at 10.
 */
import { LIST_PAGE_SIZES } from '@hjl/core';
import { Pagination, type PaginationProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './PaginationBar.css';

/** Sizes of the standalone pagination bar. */
export const PAGINATION_BAR_SIZES = [10, 20, 30, 50] as const;
/** Duration of the scroll to the top after a page change. */
export const SCROLL_TOP_MS = 800;

/** The element that scrolls `from` (its nearest scrolling ancestor, else the document). */
function scrollerOf(from: Element | null): Element | null {
  for (let el = from?.parentElement ?? null; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight) return el;
  }
  return document.scrollingElement;
}

/** Scrolls the container of `from` to the top, easing over `ms`. */
export function scrollToTop(from: Element | null, ms = SCROLL_TOP_MS) {
  const box = scrollerOf(from);
  if (!box || box.scrollTop === 0) return;
  const start = box.scrollTop;
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / ms);
    box.scrollTop = start * (1 - (1 - (1 - p) ** 3));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export interface PagingChange {
  current: number;
  size: number;
}

/**
 * Pagination props of a list (antd Table `pagination` or <Pagination>): the conventions above. A change of
 * size goes back to page 1.
 */
export function listPagination(opts: {
  current: number;
  size: number;
  total: number;
  sizes: readonly number[];
  onChange: (next: PagingChange) => void;
  totalText: (total: number) => string;
  /** Where the scroll to the top starts from (the list's element). */
  anchor?: () => Element | null;
}): PaginationProps {
  return {
    current: opts.current,
    pageSize: opts.size,
    total: opts.total,
    pageSizeOptions: opts.sizes.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: opts.totalText,
    className: 'hjl-pagination', // PaginationBar.css: total, sizes, prev, pager, next, jumper
    onChange: (current, size) => {
      opts.onChange({ current: size !== opts.size ? 1 : current, size });
      scrollToTop(opts.anchor?.() ?? null);
    },
  };
}

export interface PaginationBarProps {
  current: number;
  size: number;
  total: number;
  /** The total is the server's estimate (Page.totalEstimated): shown as 约 …. */
  estimated?: boolean;
  onChange: (next: PagingChange) => void;
  sizes?: readonly number[];
}

/** The standalone bar (below cards or custom lists). */
export function PaginationBar({ current, size, total, estimated, onChange, sizes = PAGINATION_BAR_SIZES }: PaginationBarProps) {
  const { setAnchor, pagination } = useListPagination({ paging: { current, size }, setPaging: onChange, total, estimated, sizes });
  return (
    <div ref={setAnchor} data-testid="pagination-bar" style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
      <Pagination {...pagination} />
    </div>
  );
}

/**
 * The pagination of a list table with the conventions above: `ref` goes on the element around the table
 * (where the scroll to the top starts), `pagination` to the table. An `estimated` total (Page.totalEstimated,
 * a large list) reads 约 1,000,000 条.
 */
export function useListPagination(opts: {
  paging: PagingChange;
  setPaging: (next: PagingChange) => void;
  total: number;
  estimated?: boolean | undefined;
  sizes?: readonly number[];
}) {
  const { t } = useTranslation();
  // A callback ref into state: the element is read when the page changes, never during render.
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const pagination = listPagination({
    current: opts.paging.current,
    size: opts.paging.size,
    total: opts.total,
    sizes: opts.sizes ?? LIST_PAGE_SIZES,
    onChange: opts.setPaging,
    totalText: (total) => (opts.estimated ? t('crud.totalEstimated', { total: total.toLocaleString('en-US') }) : t('crud.total', { total })),
    anchor: () => anchor,
  });
  return { setAnchor, pagination };
}
