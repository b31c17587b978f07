import crypto from 'node:crypto';
import pg from 'pg';
import { PG_BASE_URL } from './services.js';

/** Runs `statement` on the server's administrative connection (CREATE/DROP DATABASE). */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database named `<prefix>_<random>`, and how to drop it (whoever is still connected). */
export async function createDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(PG_BASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
