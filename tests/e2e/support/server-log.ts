import fs from 'node:fs';
import { DECLINED_CARD_NUMBER, TEST_CARD_NUMBER, TEST_CARD_NUMBER_TYPED } from '../../fixtures/payment';
import { ADMIN } from './identities';

/** Where playwright.config.ts has the shop write its JSON log (every request, at `info`). */
export const serverLogFile = (dataDir: string): string => `${dataDir}/server.log`;

/**
 * The passwords the browser tests gave their shoppers (support/accounts.ts `newCredentials`), one a
 * line, from every worker: the log checks run in other processes (the global teardown, another
 * worker's shop), so the passwords travel through a file beside the shared shop's data.
 */
const shopperPasswordsFile = (dataDir: string): string => `${dataDir}/shopper-passwords.txt`;

/** Notes a shopper's password for the log checks; outside a Playwright run there is nothing to check. */
export function rememberShopperPassword(password: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) fs.appendFileSync(shopperPasswordsFile(dataDir), `${password}\n`);
}

function shopperPasswords(): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || !fs.existsSync(shopperPasswordsFile(dataDir))) return [];
  return fs.readFileSync(shopperPasswordsFile(dataDir), 'utf8').split('\n').filter(Boolean);
}

/** A secret's name in a URL followed by a value that is not the redaction mark. */
const UNREDACTED = /(password|token|code|cvc|cardnumber)=(?!\[redacted\])/i;
/**
 * A JSON key naming a password (`password`, `newPassword`...), also inside a string of JSON
 * (`\"password\":`), whose value is not the redaction mark.
 */
const UNREDACTED_PASSWORD_KEY = /\\?"[\w-]*password\\?"\s*:\s*(?!\\?"\[redacted\]\\?")/i;
/** A webhook signing secret (`whsec_` and base64 of 32 bytes): shown once to the staff, never logged. */
const WEBHOOK_SECRET = /whsec_[A-Za-z0-9+/]{20,}/;
const KNOWN_SECRETS = [ADMIN.password, TEST_CARD_NUMBER, TEST_CARD_NUMBER_TYPED, DECLINED_CARD_NUMBER];

/**
 * A shop's whole log, after the journeys that ran against it (sign-ups, sign-ins, resets,
 * payments): it holds requests, and not one password, token or card number (issue 15). Throws
 * otherwise, which fails the run. `where` names the shop in the message.
 */
export function checkServerLogText(text: string, where: string, options: { minRequests: number }): void {
  const lines = text.split('\n').filter(Boolean);
  const requests = lines.filter((line) => line.includes('"msg":"request"'));
  if (requests.length < options.minRequests) {
    throw new Error(`${where} shows only ${requests.length} requests: is it being written?`);
  }
  // The shoppers' passwords, and the administrator's authenticator secret (global setup set it up).
  const secrets = [...KNOWN_SECRETS, ...shopperPasswords(), process.env.E2E_ADMIN_TOTP_SECRET].filter(
    (secret): secret is string => Boolean(secret),
  );
  const leaks = lines.filter(
    (line) =>
      UNREDACTED.test(line) ||
      UNREDACTED_PASSWORD_KEY.test(line) ||
      WEBHOOK_SECRET.test(line) ||
      secrets.some((secret) => line.includes(secret)),
  );
  if (leaks.length > 0) {
    throw new Error(
      `${where} shows secrets in ${leaks.length} lines, such as:\n${leaks.slice(0, 5).join('\n')}`,
    );
  }
}

/**
 * The shared shop's log file (playwright.config.ts), read by the global teardown. The global setup's
 * own sign-in writes a few request lines, so any run (a single spec on a shop of its own included)
 * has some: none means the log is not being written.
 */
export function checkServerLog(file: string): void {
  checkServerLogText(fs.readFileSync(file, 'utf8'), `the shop's log (${file})`, { minRequests: 1 });
}
