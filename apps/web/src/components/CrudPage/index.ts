export { CrudPage, type CrudPageProps } from './CrudPage';
