import { describe, expect, it } from 'vitest';
import { batchedLines } from './log-destination.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('log lines batched by turn of the event loop', () => {
  it('writes the lines of one turn in one write, in order, and waits for no more', async () => {
    const writes: string[] = [];
    const lines = batchedLines({ write: (text) => writes.push(text) }, () => undefined);
    lines.write('{"a":1}\n');
    lines.write('{"b":2}\n');
    lines.write('{"c":3}\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n']);
    // A lone line of a later turn goes out at the end of that turn: a quiet shop's log stays prompt.
    lines.write('{"d":4}\n');
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n{"c":3}\n', '{"d":4}\n']);
  });

  it('writes what is still waiting when the process exits', () => {
    const writes: string[] = [];
    let atExit: (() => void) | undefined;
    const lines = batchedLines({ write: (text) => writes.push(text) }, (flush) => (atExit = flush));
    lines.write('{"fatal":"boom"}\n');
    atExit!();
    expect(writes).toEqual(['{"fatal":"boom"}\n']);
    // Nothing is written twice when the turn's own flush comes after.
    atExit!();
    expect(writes).toEqual(['{"fatal":"boom"}\n']);
  });
});
