/**
 * The machine's services the integration tests run on, taken from the environment as the API
 * tests take theirs: PostgreSQL from DATABASE_URL, or CI's CI_DATABASE_URL (which `.ci/run` hands
 * to the API tests as DATABASE_URL), or the machine's default; Redis from REDIS_URL, or the
 * machine's default. An empty variable counts as unset.
 */
export const PG_BASE_URL =
  process.env.DATABASE_URL || process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
