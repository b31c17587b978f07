import { PAGE_CODE_ID, SERVER_STATE_ID } from '../../domain/constants.js';
import type { PageHead } from '../../domain/seo.js';
import { escapeHtml } from '../http/escape-html.js';
import type { PagePreloads } from './page-heads.js';
import type { RenderedPage } from './page-renderer.js';

/** JSON inside <script>: `</script>` and `<!--` must not end or confuse the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

interface PageParts {
  head?: PageHead;
  preloads?: PagePreloads;
  rendered?: RenderedPage;
}

/** The places of index.html a page fills in, each found once (the first match, in the head or `#root`). */
const SLOTS = {
  viewport: /<meta\s+name="viewport"[^>]*>/,
  title: /<title>[^<]*<\/title>/,
  description: /<meta\s+name="description"[^>]*>/,
  headEnd: /<\/head>/,
  root: /<div id="root"><\/div>/,
} as const;
type Slot = keyof typeof SLOTS;

/**
 * index.html cut once at its slots: a page is then its pieces joined with its own text in the
 * slots, instead of five searches and copies of the whole document (some 80 kB with its inlined
 * styles) for every page rendered.
 */
export interface PageTemplate {
  fill(slots: Partial<Record<Slot, (original: string) => string>>): string;
}

export function compilePageTemplate(indexHtml: string): PageTemplate {
  const found = (Object.keys(SLOTS) as Slot[])
    .map((slot) => {
      const match = SLOTS[slot].exec(indexHtml);
      return match && { slot, start: match.index, end: match.index + match[0].length, text: match[0] };
    })
    .filter((slot) => slot !== null)
    .sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let at = 0;
  for (const { start, end } of found) {
    pieces.push(indexHtml.slice(at, start));
    at = end;
  }
  pieces.push(indexHtml.slice(at));
  return {
    fill(slots) {
      let html = pieces[0]!;
      found.forEach(({ slot, text }, i) => {
        const fill = slots[slot];
        html += (fill ? fill(text) : text) + pieces[i + 1]!;
      });
      return html;
    },
  };
}

/**
 * index.html with the page's own head: title, description, canonical URL,
 * link-preview tags and JSON-LD, so crawlers and link previews get them
 * without running JavaScript; with the server's render of the page in `#root`
 * and the answers it used beside it. A part the page lacks is left as built.
 */
export function renderPageHtml(template: PageTemplate, page: PageParts, origin: string): string {
  const { head, preloads, rendered } = page;
  const hints = preloads && preloadTags(preloads, Boolean(rendered));
  const code = preloads && preloads.afterPaint.length > 0 ? pageCodeBlock(preloads.afterPaint) : undefined;
  return template.fill({
    ...(rendered ? { root: () => renderedRoot(rendered) } : {}),
    ...(hints ? { viewport: (viewport) => `${viewport}\n    ${hints}` } : {}),
    ...(head ? headSlots(head, origin, code) : code ? { headEnd: () => `  ${code}\n  </head>` } : {}),
  });
}

/**
 * The page's scripts as a JSON data block (not a script that runs: the Content-Security-Policy needs
 * no exception), which the entry reads to ask for all of them at once after the first paint.
 */
function pageCodeBlock(files: string[]): string {
  return `<script type="application/json" id="${PAGE_CODE_ID}">${scriptJson(files)}</script>`;
}

function headSlots(
  head: PageHead,
  origin: string,
  code: string | undefined,
): Partial<Record<Slot, (original: string) => string>> {
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
    ...(code ? [code] : []),
  ].join('\n    ');
  return {
    title: () => `<title>${escapeHtml(head.title)}</title>`,
    description: () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    headEnd: () => `  ${tags}\n  </head>`,
  };
}

/**
 * Preload hints right after the charset and viewport: the page's main image first (it is the
 * largest paint), then its API answers and its code. `crossorigin="anonymous"` on the fetches gives
 * them the mode and credentials of the app's own `fetch()` (same-origin cookies), so the browser
 * hands the preloaded answers to it instead of asking twice.
 */
function preloadTags(preloads: PagePreloads, rendered: boolean): string | undefined {
  // A rendered page carries its public answers and its content; the browser still asks who the
  // visitor is, and needs the page's code first only where it draws the content itself.
  const fetches = rendered ? preloads.visitorFetches : preloads.fetches;
  const modules = rendered ? preloads.renderedModules : preloads.modules;
  const tags = [
    ...(preloads.image ? [imagePreload(preloads.image)] : []),
    ...fetches.map(
      (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`,
    ),
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
  ];
  return tags.length === 0 ? undefined : tags.join('\n    ');
}

/** With the `<img>`'s own srcset and sizes, so the browser preloads the very copy the page shows. */
function imagePreload(image: NonNullable<PagePreloads['image']>): string {
  const responsive = image.srcset
    ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${responsive} fetchpriority="high" />`;
}

/**
 * The page's markup inside `#root`, and its answers in a JSON data block (not a script that runs,
 * so the Content-Security-Policy needs no exception), which main.tsx reads before hydrating.
 */
function renderedRoot(rendered: RenderedPage): string {
  const state = `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(rendered.state)}</script>`;
  return `<div id="root">${rendered.html}</div>\n    ${state}`;
}
