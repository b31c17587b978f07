/**
 * The bench's outside baseline: a bare Fastify process (no plugins, no hooks, no logger) that serves
 * from memory the very bytes the shop answered, with the same content type. Started by
 * bench/bare-baseline.ts as a child process, so it has a CPU of its own to contend for, as the shop
 * does. Bodies arrive over IPC before each measurement.
 */
import Fastify from 'fastify';

const bodies = new Map<string, { body: Buffer; type: string }>();
const app = Fastify({ logger: false });
app.get('/bare/:key', async (request, reply) => {
  const entry = bodies.get((request.params as { key: string }).key);
  if (!entry) return reply.status(404).send();
  return reply.type(entry.type).send(entry.body);
});

process.on('message', (message: { key: string; body: string; type: string }) => {
  bodies.set(message.key, { body: Buffer.from(message.body, 'base64'), type: message.type });
  process.send!({ stored: message.key });
});

// The bench gone (a run that failed or was stopped): stop too.
process.on('disconnect', () => process.exit(0));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ address });
