/**
 * Rich text (notice content and the like) as it may be stored: the formatting a rich-text editor produces, and
 * nothing that runs — no scripts, styles sheets, frames, forms or embedded objects, no event handler attributes
 * (`onerror=`), no `javascript:` / `vbscript:` / `data:` URLs in links (images may be `data:` pictures), and only
 * harmless inline style properties. Applied when the text is written, so every reader gets clean HTML.
 */
import type sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d+(\.\d+)?(px|pt|em|rem|%)?$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'div', 'span', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'font'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col'],
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'align'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'size', 'face'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'text-indent': LENGTH,
      'font-size': LENGTH,
      'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(normal|italic|oblique)$/],
      'font-family': [/^[\w\s,"'\u4e00-\u9fa5-]+$/],
      'line-height': LENGTH,
      margin: [/^[\d\s.a-z%-]+$/],
      padding: [/^[\d\s.a-z%-]+$/],
      width: LENGTH,
      height: LENGTH,
      border: [/^[\d\s.a-z#%(),-]+$/i],
      'border-collapse': [/^(collapse|separate)$/],
      'vertical-align': [/^[a-z-]+$/],
    },
  },
  // Content of these goes with them (the text of a <script> is not kept as visible text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    // A link opening a new window cannot reach back to the page that opened it.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

export async function sanitizeRichText(html: string): Promise<string> {
  // Loaded on first use: the sanitizer and its CSS parser are a twentieth of a start, for notices written rarely.
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, OPTIONS);
}
