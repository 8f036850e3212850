export { CrudPage, type CrudPageProps, type CrudPageContext, type CrudAside, type AsideNode, type CrudEditorProps } from './CrudPage';
export { EditDialog, type EditDialogProps, type DialogState } from './EditDialog';
export type { Row } from './fields';
export { TreeCrudPage, type TreeCrudPageProps, type TreeRow } from './TreeCrudPage';
export { SearchActions } from './SearchActions';
export { useList, pagedList, listParams, dateRangeQuery, type ListSource, type ListOptions, type ListState, type Paging, type Sort } from './useList';
