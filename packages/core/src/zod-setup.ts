/**
 * Chinese messages for validation issues that carry no message of their own, matching API.md:
 * a missing parameter is `缺少必要的请求参数: <name>`, a wrong type `请求参数类型错误`.
 * Called once by each app at start.
 */
import { z } from 'zod';

let configured = false;
export function configureZod() {
  if (configured) return;
  configured = true;
  const zh = z.locales.zhCN();
  z.config({
    ...zh,
    customError: (iss) => {
      // A union of types (an id as string or number) that matched none is a type mistake as well.
      if (iss.code === 'invalid_type' || iss.code === 'invalid_union') {
        const name = iss.path?.map(String).join('.') ?? '';
        if (iss.input === undefined) return `缺少必要的请求参数: ${name}`;
        return '请求参数类型错误';
      }
      return undefined;
    },
  });
}
