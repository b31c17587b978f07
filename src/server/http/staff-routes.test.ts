import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { User } from '../../domain/account.js';
import { errorBodySchema } from './errors.js';
import { staffRoutes } from './staff-routes.js';

/** The shared declaration of the admin panel's routes: statuses, schemas, and who is asking only when asked. */
async function appWith() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const declared: { method: string; url: string; schema: Record<string, unknown> }[] = [];
  app.addHook('onRoute', (options) => {
    declared.push({
      method: String(options.method),
      url: options.url,
      schema: options.schema as Record<string, unknown>,
    });
  });
  let actorReads = 0;
  const actor = async () => {
    actorReads += 1;
    return { email: 'staff@example.test' } as User;
  };
  const route = staffRoutes(app, { tags: ['admin'], errors: { 404: errorBodySchema }, actor });
  const item = z.object({ id: z.string(), by: z.string() });
  const params = z.object({ id: z.string().max(3) });
  route.get('/things/:id', { summary: 'one thing', params, answer: item }, ({ params: p }) => ({
    id: p.id,
    by: 'nobody',
    secret: 'not in the schema',
  }));
  route.post(
    '/things',
    { summary: 'make one', body: z.object({ id: z.string() }), status: 201, answer: item },
    async ({ body, actor: who }) => ({ id: body.id, by: (await who()).email }),
  );
  route.delete('/things/:id', { summary: 'drop one', params, status: 204, answer: z.null() }, async () => {
    await actor();
    return undefined;
  });
  await app.ready();
  return { app, declared, reads: () => actorReads };
}

describe('staffRoutes', () => {
  it('answers each route with its status, through its answer schema, and reads the actor only when asked', async () => {
    const { app, reads } = await appWith();
    const got = await app.inject({ method: 'GET', url: '/things/abc' });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ id: 'abc', by: 'nobody' });
    expect(reads()).toBe(0);
    const made = await app.inject({ method: 'POST', url: '/things', payload: { id: 'x' } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ id: 'x', by: 'staff@example.test' });
    expect(reads()).toBe(1);
    const dropped = await app.inject({ method: 'DELETE', url: '/things/abc' });
    expect(dropped.statusCode).toBe(204);
    expect(dropped.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/things/abcd' })).statusCode).toBe(400);
    await app.close();
  });

  it('documents each route with the shared tags and error answers beside its own answer', async () => {
    const { app, declared } = await appWith();
    await app.close();
    expect(
      declared
        .filter((route) => route.method !== 'HEAD')
        .map(({ method, url, schema }) => [
          method,
          url,
          schema.tags,
          schema.summary,
          Object.keys(schema.response as object).sort(),
        ]),
    ).toEqual([
      ['GET', '/things/:id', ['admin'], 'one thing', ['200', '404']],
      ['POST', '/things', ['admin'], 'make one', ['201', '404']],
      ['DELETE', '/things/:id', ['admin'], 'drop one', ['204', '404']],
    ]);
  });
});
