export { DRAFT_TEXT, draftFooter, StartFooter, useDraftSubmit, type DraftAction, type DraftSubmitOptions } from './useDraftSubmit';
