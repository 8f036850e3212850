export {
  PaginationBar,
  listPagination,
  scrollToTop,
  useListPagination,
  PAGINATION_BAR_SIZES,
  SCROLL_TOP_MS,
  type PaginationBarProps,
  type PagingChange,
} from './PaginationBar';
