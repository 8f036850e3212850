export {
  ApprovalDrawer,
  ApprovalDetail,
  drawerTabs,
  filesOf,
  APPROVAL_DRAWER_WIDTH,
  TAB_LABELS,
  type ApprovalDrawerProps,
  type DrawerTab,
} from './ApprovalDrawer';
export { RecordDetails, detailFields, shownValue, type RecordDetailsProps } from './RecordDetails';
export {
  registerApprovalView,
  unregisterApprovalView,
  approvalViewOf,
  processKeyOf,
  SPEC_KEYS,
  type ApprovalRecord,
  type ApprovalView,
  type ApprovalViewComponent,
  type ApprovalViewProps,
} from './views';
export { PrintSheetButton, PRINT_TEXT, type PrintSheetButtonProps } from './PrintSheetButton';
export { printSheets, MAX_PRINTED } from './api';
