export {
  LineTable,
  LinesView,
  lineAmountOf,
  linesTotal,
  moneyOf,
  type Line,
  type LineAmount,
  type LineColumn,
  type LineDef,
  type LineTableProps,
  type LinesViewProps,
} from './LineTable';
