/**
 * The knowledge search's words and marks (knowledge.ts): the words of a search, the text with each occurrence of
 * them marked `<em>…</em>` (the rest HTML-escaped, so a marked text is safe to show as markup), and the stretch of a
 * body around its first hit.
 */

/** The distinct words of a search (split at spaces and Chinese or Latin commas), lower-cased, at most five. */
export function searchTerms(keyword: string): string[] {
  return [
    ...new Set(
      keyword
        .toLowerCase()
        .split(/[\s,，、;；]+/)
        .filter(Boolean),
    ),
  ].slice(0, 5);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` escaped, each occurrence of a term (any case) wrapped in <em>; the longest term wins where they overlap. */
export function highlight(text: string, terms: readonly string[]): string {
  if (!terms.length) return escapeHtml(text);
  const pattern = new RegExp(
    [...terms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'gi',
  );
  let out = '';
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    out += `${escapeHtml(text.slice(last, m.index))}<em>${escapeHtml(m[0])}</em>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** About `width` characters of `body` around the first hit of a term, marked; the start of the body when none hits. */
export function snippet(body: string, terms: readonly string[], width = 120): string {
  const lower = body.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  const start = at === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, at - Math.floor(width / 4));
  const part = body.slice(start, start + width);
  return `${start > 0 ? '…' : ''}${highlight(part, terms)}${start + width < body.length ? '…' : ''}`;
}
