import type { PageHead } from '../../domain/seo.js';
import type { PagePreloads } from './page-heads.js';

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
export function renderPageHtml(
  indexHtml: string,
  head: PageHead | undefined,
  origin: string,
  preloads?: PagePreloads,
): string {
  const html = preloads ? withPreloads(indexHtml, preloads) : indexHtml;
  if (!head) return html;
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
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', `  ${tags}\n  </head>`);
}

/**
 * Preload hints right after the charset and viewport: the page's main image first (it is the
 * largest paint), then its API answers and its code. `crossorigin="anonymous"` on the fetches gives
 * them the mode and credentials of the app's own `fetch()` (same-origin cookies), so the browser
 * hands the preloaded answers to it instead of asking twice.
 */
function withPreloads(indexHtml: string, preloads: PagePreloads): string {
  const tags = [
    ...(preloads.image ? [imagePreload(preloads.image)] : []),
    ...preloads.fetches.map(
      (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`,
    ),
    ...preloads.modules.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
  ];
  if (tags.length === 0) return indexHtml;
  return indexHtml.replace(/(<meta\s+name="viewport"[^>]*>)/, `$1\n    ${tags.join('\n    ')}`);
}

/** With the `<img>`'s own srcset and sizes, so the browser preloads the very copy the page shows. */
function imagePreload(image: NonNullable<PagePreloads['image']>): string {
  const responsive = image.srcset
    ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${responsive} fetchpriority="high" />`;
}
