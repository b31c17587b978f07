import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config.js';
import { pageDataUrls, ROUTE_MODULES } from './page-preloads.js';

describe('page preloads', () => {
  it('names modules the router really loads lazily', () => {
    const router = fs.readFileSync(path.join(ROOT_DIR, 'src/web/router.tsx'), 'utf8');
    for (const [route, moduleKey] of Object.entries(ROUTE_MODULES)) {
      expect(fs.existsSync(path.join(ROOT_DIR, 'src/web', moduleKey)), `${route}: ${moduleKey}`).toBe(true);
      expect(router, `${route}: router.tsx imports ${moduleKey}`).toContain(
        `import('./${moduleKey.replace(/\.tsx$/, '')}')`,
      );
    }
  });

  it("follows the page's ?page=, colour and sort like the page's own hooks", () => {
    expect(pageDataUrls('/shoes', new URLSearchParams('page=3'))).toContain('/api/shoes?offset=12&limit=6');
    expect(pageDataUrls('/shoes', new URLSearchParams('page=x'))).toContain('/api/shoes?offset=0&limit=6');
    expect(
      pageDataUrls(
        '/collections/{brand}',
        new URLSearchParams('color=Navy Blue&sort=price_desc'),
        'Velo & Co',
      ),
    ).toContain('/api/shoes?offset=0&limit=28&brand=Velo+%26+Co&color=Navy+Blue&sort=price_desc');
    expect(pageDataUrls('/collections/{brand}', new URLSearchParams('sort=cheapest'), 'Velo')).toContain(
      '/api/shoes?offset=0&limit=28&brand=Velo',
    );
    expect(pageDataUrls('/shoes/{id}', new URLSearchParams(), 'a/b')).toContain('/api/shoes/a%2Fb');
    expect(pageDataUrls('/account', new URLSearchParams())).toEqual(['/api/brands', '/api/account/session']);
  });
});
