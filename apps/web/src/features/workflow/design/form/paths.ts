/** Routes of the form designer screens (spec 2: /workflow/design/form/history/:id). */
export const FORM_LIST_PATH = '/workflow/design/form';
export const formDesignerPath = (id: string) => `/workflow/design/form/designer/${id}`;
export const formHistoryPath = (id: string) => `/workflow/design/form/history/${id}`;
