import type pg from 'pg';

/**
 * Resolves once `pool` holds no idle connection. After the database's connections were cut, each
 * idle client hears its socket close and the pool drops it ('error', then 'remove'): from then on
 * a query needs a new connection. Fails after `limitMs`, saying how many are still idle.
 */
export function untilNoIdleConnection(pool: pg.Pool, limitMs = 3_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pool.idleCount > 0) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`the pool still held ${pool.idleCount} idle connection(s) ${limitMs} ms after the cut`),
      );
    }, limitMs);
    const stop = () => {
      clearTimeout(timer);
      pool.off('remove', check);
    };
    pool.on('remove', check);
    check();
  });
}
