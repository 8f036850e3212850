/** The code generator's button codes (menus.ts and the routes; no server code, so the web's menu tests may read it). */
export const GEN_CODE = 'code_gen';
export const COPY_CODE = 'code_copy';
