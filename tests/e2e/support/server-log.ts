import fs from 'node:fs';
import { DECLINED_CARD_NUMBER, TEST_CARD_NUMBER, TEST_CARD_NUMBER_TYPED } from '../../fixtures/payment';
import { ADMIN } from './identities';

/** Where playwright.config.ts has the shop write its JSON log (every request, at `info`). */
export const serverLogFile = (dataDir: string): string => `${dataDir}/server.log`;

/** A secret's name followed by a value that is not the redaction mark. */
const UNREDACTED = /(password|token|code|cvc|cardnumber)=(?!\[redacted\])/i;
const KNOWN_SECRETS = [ADMIN.password, TEST_CARD_NUMBER, TEST_CARD_NUMBER_TYPED, DECLINED_CARD_NUMBER];

/**
 * After every journey of the browser tests (sign-ups, sign-ins, resets, payments): the shop's log
 * holds requests, and not one password, token or card number (issue 15). Throws otherwise, which
 * fails the run.
 */
export function checkServerLog(file: string): void {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n').filter(Boolean);
  const requests = lines.filter((line) => line.includes('"msg":"request"'));
  if (requests.length < 100) {
    throw new Error(`the shop's log (${file}) shows only ${requests.length} requests: is it being written?`);
  }
  // The administrator's authenticator secret too (global setup set it up).
  const secrets = [...KNOWN_SECRETS, process.env.E2E_ADMIN_TOTP_SECRET].filter((secret): secret is string =>
    Boolean(secret),
  );
  const leaks = lines.filter(
    (line) => UNREDACTED.test(line) || secrets.some((secret) => line.includes(secret)),
  );
  if (leaks.length > 0) {
    throw new Error(
      `the shop's log shows secrets in ${leaks.length} lines, such as:\n${leaks.slice(0, 5).join('\n')}`,
    );
  }
}
