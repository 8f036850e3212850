export { CrudPage, type CrudPageProps, type CrudPageContext } from './CrudPage';
export { EditDialog, type EditDialogProps, type DialogState } from './EditDialog';
export type { Row } from './fields';
export { TreeCrudPage, type TreeCrudPageProps, type TreeRow } from './TreeCrudPage';
export { SearchActions } from './SearchActions';
