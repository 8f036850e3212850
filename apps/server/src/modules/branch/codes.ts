/** The branch area's button codes (menus.ts and the routes; no server code, so the web's menu tests may read it). */
/** The button code of 发放 (paying a dividend). */
export const DIVIDEND_PAY_CODE = 'dividend_pay';
/** The menu (分公司收支) whose holders read a branch's statement. */
export const STATEMENT_CODE = 'filiale_statement';
