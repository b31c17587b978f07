import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One received message as the capture stores it: a JSON file per message in the mail directory. */
export interface CapturedMail {
  /** Envelope recipients, lowercased. */
  to: string[];
  subject: string;
  /** The decoded text of every plain-text part (quoted-printable and base64 undone), so links read as sent. */
  text: string;
  /** The decoded HTML part, when the mail has one (tests/e2e/html-mails.spec.ts opens it in the browser). */
  html?: string;
  /** The `List-Unsubscribe` and `List-Unsubscribe-Post` headers, when the mail has them (RFC 2369, RFC 8058). */
  listUnsubscribe?: { link: string; post?: string };
  receivedAt: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Splits a MIME entity into its (unfolded, lowercased-name) headers and its body. */
function parsePart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable: `=\r\n` soft line breaks and `=XX` escapes (bytes, so UTF-8 survives). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A header as it reads: RFC 2047 encoded words (`=?UTF-8?Q?=C3=89lan?=`, `=?UTF-8?B?...?=`) decoded,
 * the space between two of them dropped, as a mail client shows a subject with an accent in it.
 */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  // 7bit or 8bit: the bytes as sent (read as latin1 above), UTF-8 text.
  return Buffer.from(part.body, 'latin1').toString('utf8');
}

/** The decoded texts of an entity (itself when it is text, its parts' when it is multipart), with their types. */
function textsOf(part: Part): { type: string; text: string }[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => textsOf(parsePart(chunk.replace(/^\r?\n/, ''))));
  }
  return /^text\//i.test(type)
    ? [{ type: type.split(';')[0]!.trim().toLowerCase(), text: decodeBody(part) }]
    : [];
}

/**
 * A real SMTP server on loopback, as the shop's mail provider would be. Each message is written
 * to `dir` as `<time>-<n>.json` (a complete file appears at once: written aside, then renamed).
 */
/** The list headers a mail program reads to offer its own unsubscribe button. */
function listUnsubscribeOf(message: Part): Pick<CapturedMail, 'listUnsubscribe'> {
  const link = message.headers.get('list-unsubscribe');
  if (link === undefined) return {};
  const post = message.headers.get('list-unsubscribe-post');
  return { listUnsubscribe: { link, ...(post === undefined ? {} : { post }) } };
}

export function startMailCapture(port: number, dir: string): Promise<{ close(): Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const message = parsePart(Buffer.concat(chunks).toString('latin1'));
          const texts = textsOf(message);
          const html = texts.find((part) => part.type === 'text/html')?.text;
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: decodeHeader(message.headers.get('subject') ?? ''),
            text: texts
              .filter((part) => part.type !== 'text/html')
              .map((part) => part.text)
              .join('\n'),
            ...(html === undefined ? {} : { html }),
            ...listUnsubscribeOf(message),
            receivedAt: new Date().toISOString(),
          };
          count += 1;
          const name = `${Date.now()}-${String(count).padStart(6, '0')}.json`;
          const aside = path.join(dir, `.${name}.tmp`);
          fs.writeFileSync(aside, JSON.stringify(mail, null, 2));
          fs.renameSync(aside, path.join(dir, name));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({ close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
