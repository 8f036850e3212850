/**
 * /myiframe/{routerPath}: an external page embedded in the layout (spec 2 section 2). The path after
 * /myiframe is the address (its scheme written as `https:/…` or given in `?src=`); only http(s) is shown.
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The embedded address of a /myiframe location, or null when it is not an http(s) address. */
export function iframeSrc(pathname: string, search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('src');
  let raw = fromQuery ?? decodeURIComponent(pathname.replace(/^\/myiframe\/?/, ''));
  // A URL inside a path loses one slash of its scheme (https:/host): put it back.
  raw = raw.replace(/^(https?):\/(?!\/)/, '$1://');
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export default function IframePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const src = iframeSrc(location.pathname, location.search);
  if (!src) return <Result status="warning" title={t('iframe.invalid')} />;
  return <iframe src={src} title={src} style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0, display: 'block' }} data-testid="myiframe" />;
}
