/**
 * A small allow-list HTML sanitiser for rich text from the site configuration (home bottomTips): the
 * markup is parsed inertly (DOMParser runs no script and loads nothing) and written out again with only
 * the tags and attributes below. Dangerous elements are dropped with their content; other unknown
 * elements are unwrapped to their text. Links and images must be http(s) or site-relative.
 */

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

/** Elements removed together with everything inside them. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'title',
  'head',
]);

const VOID_TAGS = new Set(['br', 'hr', 'img']);

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

const URL_ATTRIBUTES = new Set(['href', 'src']);

/** http(s), protocol-less site paths and, for links, mailto:/tel:. Everything else (javascript:, data:…) is refused. */
export function isSafeUrl(value: string, attribute: 'href' | 'src'): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const url = Array.from(value)
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();
  if (url.startsWith('http://') || url.startsWith('https://')) return true;
  if (attribute === 'href' && (url.startsWith('mailto:') || url.startsWith('tel:'))) return true;
  if (url.startsWith('//')) return false;
  // Relative: no scheme before the first / ? #.
  return !/^[^/?#]*:/.test(url);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

function serialize(node: Node): string {
  if (node.nodeType === 3) return escapeText(node.textContent ?? '');
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return '';
  const inner = Array.from(el.childNodes, serialize).join('');
  if (!ALLOWED_TAGS.has(tag)) return inner;
  const attrs: string[] = [];
  for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
    const value = el.getAttribute(name);
    if (value === null) continue;
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value, name as 'href' | 'src')) continue;
    if ((name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') && !/^\d{1,4}$/.test(value))
      continue;
    attrs.push(` ${name}="${escapeAttribute(value)}"`);
  }
  if (tag === 'a' && attrs.some((a) => a.startsWith(' href=')))
    attrs.push(' target="_blank" rel="noopener noreferrer"');
  if (tag === 'img' && !attrs.some((a) => a.startsWith(' src='))) return '';
  const open = `<${tag}${attrs.join('')}>`;
  return VOID_TAGS.has(tag) ? open : `${open}${inner}</${tag}>`;
}

/** Safe HTML for `dangerouslySetInnerHTML`; without a DOM parser the input is shown as plain text. */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return escapeText(html);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return Array.from(doc.body.childNodes, serialize).join('');
}
