/**
 * The matrix's table against the app: every API route the two apps register has a row (rows of every
 * area, from rows/index.ts), no row names a route that is gone, docs/modules.md names every route, and
 * the OpenAPI document lists nothing the table misses. Alone in its file because it mocks fastify.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT_DIR } from '../../../src/server/config.js';
import { t, openApps, closeApps } from '../support/authorization/world.js';
import { ALL_ROWS } from '../support/authorization/rows/index.js';
import type * as FastifyModule from 'fastify';

// ---------------------------------------------------------------------------------------------
// Every route the apps of this file register, as `METHOD /path`: each Fastify instance gets an
// onRoute hook the moment it is created, so a new endpoint without a row fails the last test.

const registered = vi.hoisted(() => new Set<string>());
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof FastifyModule>();
  const create = (...args: unknown[]) => {
    const app = (fastify.default as (...options: unknown[]) => FastifyInstance)(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
    });
    return app;
  };
  return { ...fastify, default: create };
});

beforeAll(openApps);
afterAll(closeApps);

describe('the table', () => {
  /**
   * API routes with no row: the OpenAPI document and its browsable UI (public, read-only, generated).
   * Routes outside /api (uploaded images, the web app's pages, robots.txt, sitemaps) are public
   * pages and files, not API endpoints.
   */
  const NOT_IN_TABLE = /^\/api\/docs(\/|$)/;
  const asInTable = (route: string) => route.replace(/:(\w+)/g, '{$1}');

  it('has a row for every API route the app registers, and no row for a route it does not', async () => {
    const api = [...registered].filter((route) => {
      const url = route.split(' ')[1]!;
      return url.startsWith('/api/') && !NOT_IN_TABLE.test(url);
    });
    // HEAD is answered by the GET handler of the same path.
    for (const head of api.filter((route) => route.startsWith('HEAD '))) {
      expect(api, head).toContain(head.replace(/^HEAD /, 'GET '));
    }
    const routes = new Set(api.filter((route) => !route.startsWith('HEAD ')).map(asInTable));
    expect(routes.size).toBeGreaterThan(40);
    expect(routes).toContain('POST /api/payments/stripe/webhook');
    const rows = new Set(ALL_ROWS.map((row) => row.route));
    expect(
      [...routes].filter((route) => !rows.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...rows].filter((route) => !routes.has(route)),
      'rows of no route',
    ).toEqual([]);
    // docs/modules.md names the module of every route, as the code writes it (`:param`).
    const index = fs.readFileSync(path.join(ROOT_DIR, 'docs', 'modules.md'), 'utf8');
    expect(
      api.filter((route) => !route.startsWith('HEAD ') && !index.includes(`\`${route}\``)),
      'routes docs/modules.md does not name',
    ).toEqual([]);

    // The OpenAPI document lists nothing the table misses either.
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.length).toBeGreaterThan(30);
    expect(
      documented.filter((route) => !rows.has(route)),
      'documented routes without a row',
    ).toEqual([]);
  });
});
