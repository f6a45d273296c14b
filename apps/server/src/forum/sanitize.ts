import { FORUM_IMAGE_PATH } from '@pvforge/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * Post bodies are rich text from the browser's editor. They are cleaned here, on the server, with
 * sanitize-html (a maintained HTML parser and allow-list; never regular expressions) before they
 * are stored, so every reader gets the same safe HTML. What is allowed: paragraphs and line breaks,
 * emphasis, sub/superscript (formulae and units), lists, quotes, code, headings 3-4, tables, links
 * (http, https, mailto; opened in a new tab without referrer or opener) and images uploaded to the
 * forum itself (src must be one of our image addresses: no tracking pixels, no foreign hosts).
 */
const IMAGE_SRC = new RegExp(`^${FORUM_IMAGE_PATH.replace(/\//g, '\\/')}[0-9a-f]{32}$`);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'h3',
    'h4',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Tags not allowed are dropped with their text kept, except these whose content is never text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'nofollow noopener noreferrer' }),
    // Headings of the editor's larger sizes become the two allowed levels.
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SRC.test(frame.attribs['src'] ?? ''),
};
// The target/rel added by the transform must survive the attribute filter.
(OPTIONS.allowedAttributes as Record<string, string[]>)['a']!.push('target', 'rel');

export interface CleanPost {
  /** Safe HTML to store and render. */
  html: string;
  /** The plain text (for search, excerpts and the "empty post" check). */
  text: string;
  /** Forum image keys the post shows. */
  imageKeys: string[];
}

export function cleanPostHtml(raw: string): CleanPost {
  const html = sanitizeHtml(raw, OPTIONS).trim();
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const imageKeys = [...html.matchAll(/\/calc\/sys\/forum\/image\/([0-9a-f]{32})/g)].map((m) => m[1]!);
  return { html, text, imageKeys };
}

/** The first `max` characters of a post's text, for quotes, lists and reports. */
export function excerptOf(text: string, max = 120): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}
