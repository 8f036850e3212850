export { ImportDialog, type ImportDialogProps, type ImportReport, type CellError } from './ImportDialog';
