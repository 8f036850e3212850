/**
 * A text the knowledge search marked (`<em>…</em>` around each hit, everything else HTML-escaped by the server),
 * shown with the hits highlighted — parsed into parts, never inserted as markup.
 */
import { Fragment } from 'react';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

export function Marked({ text }: { text: string }) {
  const parts = text.split(/<em>(.*?)<\/em>/s);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="lookup-hit" style={{ padding: 0, background: '#ffe58f' }}>
            {unescape(part)}
          </mark>
        ) : (
          <Fragment key={i}>{unescape(part)}</Fragment>
        ),
      )}
    </>
  );
}
