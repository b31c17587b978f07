import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { CapturedMail } from './mail-capture';

/** What the shop mailed, as the SMTP capture of global-setup.ts stored it. */

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser tests through playwright.config.ts');
  return dir;
}

/** `<time>-<n>.json`, in the order they arrived. */
function arrivalOrder(name: string): [number, number] {
  const [time, count] = name
    .replace(/\.json$/, '')
    .split('-')
    .map(Number);
  return [time ?? 0, count ?? 0];
}

/** Every message sent to `address`, oldest first. */
export function mailsTo(address: string): CapturedMail[] {
  const wanted = address.toLowerCase();
  return fs
    .readdirSync(mailDir())
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort((a, b) => {
      const [timeA, countA] = arrivalOrder(a);
      const [timeB, countB] = arrivalOrder(b);
      return timeA - timeB || countA - countB;
    })
    .map((name) => JSON.parse(fs.readFileSync(path.join(mailDir(), name), 'utf8')) as CapturedMail)
    .filter((mail) => mail.to.includes(wanted));
}

/**
 * The newest message to `address` whose subject matches, once it has arrived (the shop sends
 * after answering, so it may take a moment).
 */
export async function newestMailTo(address: string, subject: RegExp = /./): Promise<CapturedMail> {
  const matching = () => mailsTo(address).filter((mail) => subject.test(mail.subject));
  await expect
    .poll(() => matching().length, { message: `a mail to ${address} with a subject matching ${subject}` })
    .toBeGreaterThan(0);
  return matching().at(-1)!;
}

/** The first link in the mail to a page of the shop at `pathname` (e.g. `/reset-password`). */
export function linkIn(mail: CapturedMail, pathname: string): URL {
  for (const candidate of mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no link to ${pathname} in the mail "${mail.subject}":\n${mail.text}`);
}
