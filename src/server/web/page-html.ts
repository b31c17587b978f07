import type { PageHead } from '../../domain/seo.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside <script>: `</script>` and `<!--` must not end or confuse the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html with the page's own head: title, description, canonical URL,
 * link-preview tags and JSON-LD, so crawlers and link previews get them
 * without running JavaScript. A page without a head of its own is left as built.
 */
export function renderPageHtml(indexHtml: string, head: PageHead | undefined, origin: string): string {
  if (!head) return indexHtml;
  const canonical = `${origin}${head.canonicalPath}`;
  const image = head.image && (/^https?:\/\//.test(head.image) ? head.image : `${origin}${head.image}`);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="${head.jsonLd ? 'product' : 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', `  ${tags}\n  </head>`);
}
