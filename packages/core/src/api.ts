/** Shapes of the HTTP contract (../shared/design/API.md) shared by server and web. */

export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /**
   * Present (true) when `total` is an estimate: more rows match than a list counts exactly (LIST_EXACT_TOTAL,
   * 1000 by default). `total` is still a number (BladeX clients read it); the web app shows 约 ….
   */
  totalEstimated?: true;
}

/** Page sizes offered by list pages (spec 2 section 9). */
export const LIST_PAGE_SIZES = [10, 30, 50, 100, 200] as const;

/** Messages of the envelope (API.md). */
export const MSG = {
  ok: '操作成功',
  unauthorized: '请求未授权',
  noToken: '缺失令牌,鉴权失败',
  forbidden: '请求被拒绝',
  notFound: '404 Not Found',
  methodNotAllowed: '不支持当前请求方法',
  unsupportedMedia: '不支持当前媒体类型',
  serverError: '服务器异常',
  missingParam: (name: string) => `缺少必要的请求参数: ${name}`,
  badType: '请求参数类型错误',
  badJson: '请求体不是有效的JSON',
  hasChildren: '请先删除子节点!',
} as const;

/** OAuth token answer (not wrapped in the envelope). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  client_id: string;
  /** `mustChangePassword`: the password was generated; the client has the user change it before anything else. */
  detail: { type: string; mustChangePassword?: boolean };
  license: string;
  jti: string;
  /** A session of 以此身份查看 only: the administrator viewing the product as this user (read-only). */
  viewer?: { userId: string; account: string; name: string };
}

/** Default OAuth client of the web app (BladeX saber); its secret is generated per installation. */
export const WEB_CLIENT_ID = 'saber';
export const DEFAULT_TENANT_ID = '000000';

/** Most shortcut blocks one user keeps on the workbench. */
export const MAX_SHORTCUTS = 12;

/** One home shortcut block of the workbench (`/api/business/userMenu/list`). */
export interface Shortcut {
  menuId: string;
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
}
