import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves true once no request handler runs (see trackInFlight), false after `timeoutMs`. */
    handlersIdle(timeoutMs: number): Promise<boolean>;
  }
}

/**
 * Requests whose handler has not finished yet. `app.close()` waits for open connections only: a
 * request whose client went away (a shopper closing the tab mid-checkout) keeps running after it,
 * and closing the database then would cut it off half-way. Shutdown waits for `idle()` first.
 */
export function trackInFlight(app: FastifyInstance) {
  const running = new Set<FastifyRequest>();
  let wake: (() => void) | undefined;
  const done = (request: FastifyRequest) => {
    running.delete(request);
    if (running.size === 0) wake?.();
  };

  // Callback hooks, not async ones: they run on every request, and a promise each is not free.
  app.addHook('onRequest', (request, _reply, next) => {
    running.add(request);
    next();
  });
  // onSend runs once the handler (or the error handler) has produced the answer, even when the
  // client is gone; onResponse covers answers sent without onSend (none today, but it is cheap).
  app.addHook('onSend', (request, _reply, payload, next) => {
    done(request);
    next(null, payload);
  });
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });

  return {
    /** Resolves true once no handler runs, or false after `timeoutMs`. */
    idle(timeoutMs: number): Promise<boolean> {
      if (running.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
}
