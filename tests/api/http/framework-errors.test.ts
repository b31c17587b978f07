import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { answerFrameworkError } from '../../../src/server/http/framework-errors.js';
import { serverOptionsOf } from '../../../src/server/plugins/server-options.js';

// Requests the router refuses before any route: answered through the server's real options.
describe('requests the router refuses', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify(serverOptionsOf(loadConfig({}), { logger: false }));
    app.get('/shoes/:id', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answer 400 in the API shape for a broken escape', async () => {
    const response = await app.inject({ method: 'GET', url: '/shoes/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'bad_request', message: 'The address is not valid' } });
  });

  it('answer 400 (not 414) for a path parameter longer than the router takes', async () => {
    const response = await app.inject({ method: 'GET', url: `/shoes/${'x'.repeat(201)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'A path parameter is too long' },
    });
    expect((await app.inject({ method: 'GET', url: `/shoes/${'x'.repeat(200)}` })).statusCode).toBe(200);
  });

  it('answer without returning the reply: Fastify drops what a void callback returns', async () => {
    const sent: unknown[] = [];
    const reply = {
      status: () => reply,
      send: (body: unknown) => (sent.push(body), reply),
    };
    const error = Object.assign(new Error('bad'), { code: 'FST_ERR_BAD_URL' }) as FastifyError;
    // A stand-in reply with only the two methods the handler uses.
    const returned: unknown = answerFrameworkError(
      error,
      {} as FastifyRequest,
      reply as unknown as FastifyReply,
    );
    expect(returned).toBeUndefined();
    expect(sent).toHaveLength(1);
  });
});
