import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_LIST, PAGES, pathOf } from '../../../domain/routes.js';
import type { SeoRepository } from './repository.js';

/** Sitemaps hold at most 50,000 URLs; shoes go in files of this many. */
export const SHOES_PER_SITEMAP = 10_000;
const MAX_BRANDS = 1_000;

/** Pages a crawler may list: the indexed pages of the route table without a parameter (shoes and brands follow). */
const PUBLIC_PATHS = PAGE_LIST.filter((page) => page.indexed && !page.path.includes(':')).map(
  (page) => page.path,
);
/** robots.txt keeps crawlers out of the API and every page the route table does not index. */
const PRIVATE_PATHS = [
  '/api/',
  ...PAGE_LIST.filter((page) => !page.indexed).map((page) => page.path.replace(/:\w+$/, '')),
];

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const urlSet = (entries: { loc: string; lastmod?: string }[]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n') +
  '\n</urlset>\n';

/** robots.txt and the sitemaps: `/sitemap.xml` indexes the pages file and one file per 10,000 shoes. */
export const seoRoutes: FastifyPluginAsyncZod<{ seo: SeoRepository; publicUrl: string }> = async (
  app,
  { seo, publicUrl },
) => {
  const cacheHour = 'public, max-age=3600';

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', cacheHour)
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
          '',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = Math.max(1, Math.ceil((await seo.shoeCount()) / SHOES_PER_SITEMAP));
    const locations = [
      `${publicUrl}/sitemap-pages.xml`,
      ...Array.from({ length: files }, (_, i) => `${publicUrl}/sitemap-shoes-${i + 1}.xml`),
    ];
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      locations.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n') +
      '\n</sitemapindex>\n';
    return reply.type('application/xml; charset=utf-8').header('cache-control', cacheHour).send(body);
  });

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (_request, reply) => {
    const brandPages = (await seo.brandNames(MAX_BRANDS)).map((brand) =>
      pathOf(PAGES.collection, brand.name),
    );
    const body = urlSet([...PUBLIC_PATHS, ...brandPages].map((p) => ({ loc: `${publicUrl}${p}` })));
    return reply.type('application/xml; charset=utf-8').header('cache-control', cacheHour).send(body);
  });

  app.get(
    '/sitemap-shoes-:page.xml',
    { schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1).max(100_000) }) } },
    async (request, reply) => {
      const rows = await seo.shoes((request.params.page - 1) * SHOES_PER_SITEMAP, SHOES_PER_SITEMAP);
      if (rows.length === 0 && request.params.page > 1) return reply.callNotFound();
      const body = urlSet(
        rows.map((row) => ({
          loc: `${publicUrl}${pathOf(PAGES.shoe, row.id)}`,
          lastmod: row.updatedAt.toISOString().slice(0, 10),
        })),
      );
      return reply.type('application/xml; charset=utf-8').header('cache-control', cacheHour).send(body);
    },
  );
};
