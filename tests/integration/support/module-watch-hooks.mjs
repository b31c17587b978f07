// The resolve hook of module-watch.mjs (it runs on Node's loader thread).
import fs from 'node:fs';

const WATCHED = /\/node_modules\/(@opentelemetry|@fastify\/otel)\//;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (WATCHED.test(resolved.url)) fs.appendFileSync(process.env.MODULE_WATCH_FILE, `${resolved.url}\n`);
  return resolved;
}
