import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../src/domain/messages.js';
import { TEST_ORIGIN } from '../session.js';
import { ROLES, OWN_ONLY, SIGN_IN_FIRST, DISABLED, type Context, type Row } from './roles.js';
import { t, stripeApp, nextAddress, accounts, useMatrixShop } from './world.js';
import { sessionCount } from './state.js';

/**
 * Walks `rows`, each endpoint x role its own test, on a shop of the file's own; says at the end how
 * many checks ran.
 */
export function walkRows(area: string, rows: Row[]): void {
  let checks = 0;
  useMatrixShop();
  afterAll(() => {
    console.log(
      `authorization matrix, ${area}: ${checks} endpoint x role checks (${rows.length} rows x ${ROLES.length} roles, ` +
        `${new Set(rows.map((row) => row.route)).size} routes)`,
    );
  });

  const labelOf = (row: Row) => (row.note ? `${row.route} (${row.note})` : row.route);

  describe.each(rows.map((row) => [labelOf(row), row] as const))('%s', (_label, row) => {
    it.each(ROLES.map((role) => [role, row.outcomes[role]] as const))('%s gets %s', async (role, outcome) => {
      const actor = role === 'visitor' ? undefined : accounts[role];
      const owner = role === 'disabled user' ? accounts['disabled user'] : accounts.user;
      const fixture = row.prepare ? await row.prepare({ role, actor, owner }) : {};
      const context: Context = { role, actor, owner, fixture };
      const before = row.state ? await row.state(context) : undefined;

      const request = await row.request(context);
      const response = await (row.app === 'stripe' ? stripeApp : t.app).inject({
        ...request,
        headers: { origin: TEST_ORIGIN, ...(actor ? { cookie: actor.cookie } : {}), ...request.headers },
        remoteAddress: nextAddress(),
      });
      checks += 1;

      const [status, code] = outcome.split(' ');
      expect(response.statusCode, response.body).toBe(Number(status));
      if (Number(status) >= 400) {
        expect(response.json().error.code, response.body).toBe(code);
        // Refused: nothing changed.
        if (row.state) expect(await row.state(context)).toEqual(before);
        if (outcome === DISABLED) {
          expect(response.json().error.message).toBe(MESSAGES.identity.disabled);
          // Thrown out: a refused request that needed a session ended every session they held.
          if (row.outcomes.visitor === SIGN_IN_FIRST) expect(await sessionCount(owner.id)).toBe(0);
        }
        return;
      }
      if (row.state) {
        const expected = outcome === OWN_ONLY || !row.after ? before : row.after(context, before);
        expect(await row.state(context)).toEqual(expected);
      }
      row.check?.(response, context);
    });
  });
}
