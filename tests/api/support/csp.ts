import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** `default-src 'self';script-src ...` of an answer -> directive name -> its sources. */
export function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}
