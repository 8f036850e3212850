/** What the rest of the server may use of the generated modules: their shape (the list is index.ts). */
export type { GeneratedModule } from './types.ts';
