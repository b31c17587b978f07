import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}

/**
 * A read statement PGlite parses and plans once, then runs by name: its query API sends every
 * statement unnamed, parsed and planned again each time (and planning reads the tables' and
 * indexes' sizes from their files), which is half the cost of a one-row lookup
 * (docs/performance.md). PostgreSQL gets the same from Drizzle's `.prepare(name)`, which
 * node-postgres sends as a named statement.
 *
 * The wire protocol (PGlite.execProtocol) is not behind PGlite's locks: the statement runs under
 * both of them, as `query()` does, so it never runs inside another request's open transaction
 * (where it would see changes that may yet roll back).
 */
export function pgliteNamedStatement(pglite: PGlite, name: string, text: string) {
  let prepared = false;
  return (values: string[]): Promise<unknown[][]> =>
    pglite._runExclusiveTransaction(() =>
      pglite.runExclusive(async () => {
        const messages: Uint8Array[] = [];
        // Closed first: a statement parsed by a call that then failed is parsed again, not refused.
        if (!prepared) messages.push(serialize.close({ type: 'S', name }), serialize.parse({ name, text }));
        messages.push(
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        );
        const answer = await pglite.execProtocol(concat(messages));
        prepared = true;
        const [result] = parse.parseResults(answer.messages, pglite.parsers, { rowMode: 'array' });
        return (result?.rows ?? []) as unknown[][];
      }),
    );
}
