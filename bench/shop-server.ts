/**
 * The shop as `npm start` runs it, in a process of its own (started by bench/shop-process.ts), so
 * that it has a CPU to contend for, as the bare baseline does, instead of sharing one with the load
 * generator: the app with its logger at LOG_LEVEL (`info` unless told; its lines go to /dev/null),
 * on the bench's database. Beside it, the in-shop baseline: a route of this same server answering,
 * from memory, bodies that arrive over IPC.
 */
import { startTracing } from '../src/server/tracing/start-tracing.js';

// As main.ts: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set, bench/tracing.ts) before the shop's
// modules load, so that its instrumentations patch them.
const tracing = await startTracing();
const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
  import('../src/server/app.js'),
  import('../src/server/config.js'),
  import('../src/server/db/client.js'),
]);

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: config.dataDir },
);
const app = await buildApp({ config, database, tracing });
const bodies = new Map<string, string>();
app.get('/bench/baseline/:name', async (request, reply) =>
  reply
    .type('application/json; charset=utf-8')
    .send(bodies.get((request.params as { name: string }).name) ?? '{}'),
);
process.on('message', (message: { key: string; body: string }) => {
  bodies.set(message.key, message.body);
  process.send!({ stored: message.key });
});
// The bench gone (a run that failed or was stopped): stop too, releasing the port and the data directory.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => tracing?.shutdown())
    .finally(() => process.exit(0));
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ address });
