import { setTimeout as delay } from 'node:timers/promises';
import { startTracing } from './tracing/start-tracing.js';

/** How long shutdown waits for handlers whose clients left (a checkout's payment call is bounded below this). */
const HANDLERS_GRACE_MS = 30_000;

/** `npm start`: build the web app if needed, open and migrate the database, seed it, serve. */
async function main(): Promise<void> {
  // Tracing first, when it is on: its instrumentations patch pg, http and undici as they are first
  // required, so the shop's modules are imported after it (docs/operations.md, "Traces").
  const tracing = await startTracing();
  const [
    { buildApp },
    { loadConfig, ROOT_DIR },
    { openDatabase },
    { migrateDatabase, withStartupLock },
    { isCatalogueEmpty, seedDemoCatalogue },
    { ensureWebBuild },
    { createImageStorage },
  ] = await Promise.all([
    import('./app.js'),
    import('./config.js'),
    import('./db/client.js'),
    import('./db/migrate.js'),
    import('./db/seed/seed-demo.js'),
    import('./build/web-build.js'),
    import('./storage/image-storage.js'),
  ]);
  const config = loadConfig();
  // In `npm run dev` Vite serves the web app itself.
  if (!process.env.SHOP_SKIP_WEB_BUILD)
    ensureWebBuild(ROOT_DIR, config.webDistDir, (message) => console.log(message));

  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const imageStorage = createImageStorage(config);
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    if (config.SEED === 'demo' && (await isCatalogueEmpty(database.db))) {
      const seeded = await seedDemoCatalogue(database.db, imageStorage.store);
      console.log(`Seeded the demo catalogue: ${seeded.brands} brands, ${seeded.shoes} shoes.`);
    }
  });

  const stopping = new AbortController();
  const app = await buildApp({
    config,
    database,
    bootstrapAdmin: true,
    imageStorage,
    stopping: stopping.signal,
    tracing,
  });
  // `npm run backup` asks a running shop on PGlite for its snapshot (src/server/backup/snapshot-listener.ts).
  const { listenForSnapshots } = await import('./backup/snapshot-listener.js');
  const stopSnapshots = database.pglite
    ? listenForSnapshots(config.dataDir, database.pglite, app.log)
    : undefined;
  if (config.DATABASE_URL && !config.SESSION_SECRET) {
    // Each instance would sign sessions with its own generated secret: a shopper signed in on one
    // would be a stranger to the next (docs/deployment.md).
    app.log.warn('DATABASE_URL without SESSION_SECRET: set the same SESSION_SECRET on every instance');
  }
  const shutdown = async (signal: string) => {
    if (stopping.signal.aborted) return;
    // Readiness answers 503 from now on; during the drain a load balancer notices and stops sending
    // new requests, while the ones it still sends are served as usual.
    stopping.abort();
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    await delay(config.SHUTDOWN_DRAIN_MS);
    // close() refuses new connections and waits for the open ones; a request whose client left
    // (a tab closed mid-checkout) still runs, so the database waits for its handler too.
    await app.close();
    if (!(await app.handlersIdle(HANDLERS_GRACE_MS))) {
      app.log.warn({ graceMs: HANDLERS_GRACE_MS }, 'requests still running at shutdown');
    }
    stopSnapshots?.();
    await database.close();
    // The spans still buffered, the last requests' among them.
    await tracing?.shutdown().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  app.log.info(
    `Shop ready at ${where} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
