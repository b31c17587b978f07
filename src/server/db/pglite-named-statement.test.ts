import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteNamedStatement } from './pglite-named-statement.js';

let pglite: PGlite;
const ID = '0b9d2f1e-4c1a-4c55-9a51-2f9a8f0c7a11';

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`CREATE TABLE pairs (id uuid PRIMARY KEY, quantity integer NOT NULL, data json)`);
  await pglite.query(`INSERT INTO pairs VALUES ($1, 5, '{"size":"10"}')`, [ID]);
});

afterAll(async () => {
  await pglite.close();
});

describe('a PGlite named statement', () => {
  const byId = () =>
    pgliteNamedStatement(pglite, 'pairs_by_id', 'SELECT id, quantity, data FROM pairs WHERE id = $1');

  it('answers rows as arrays of parsed values, and is prepared once, by name', async () => {
    const statement = byId();
    expect(await statement([ID])).toEqual([[ID, 5, { size: '10' }]]);
    expect(await statement(['7d1f6c1e-0000-4000-8000-000000000000'])).toEqual([]);
    const prepared = await pglite.query<{ name: string }>(`SELECT name FROM pg_prepared_statements`);
    expect(prepared.rows.map((row) => row.name)).toEqual(['pairs_by_id']);
  });

  it('is refused cleanly on bad input, and works on the next call', async () => {
    const statement = byId();
    await expect(statement(['not-a-uuid'])).rejects.toThrow(/uuid/);
    expect(await statement([ID])).toEqual([[ID, 5, { size: '10' }]]);
  });

  it("never runs inside another flow's open transaction: it waits, and sees nothing that rolls back", async () => {
    const statement = byId();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const inside = new Promise<void>((resolve) => (updated = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query(`UPDATE pairs SET quantity = 0 WHERE id = $1`, [ID]);
      updated();
      await held;
      await tx.rollback();
    });
    await inside;
    // Asked while the transaction holds its change: run inside it, the read would answer 0.
    const read = statement([ID]);
    release();
    await transaction;
    expect(await read).toEqual([[ID, 5, { size: '10' }]]);
  });
});
