import sanitizeHtml from 'sanitize-html';

/**
 * A description's HTML as the rich-text editor writes it, kept to plain formatting: paragraphs,
 * emphasis, lists, headings, quotes and links (http, https or mailto only, opened apart and
 * without handing over the page). Scripts, styles, event handlers and every other tag or
 * attribute are dropped, so the text can be shown as HTML anywhere.
 */
export function sanitizeDescription(html: string | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'a',
    ],
    // rel and target are the transform's own: whatever the editor sent is replaced.
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    },
  }).trim();
  return clean === '' ? null : clean;
}
