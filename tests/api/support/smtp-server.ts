import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  body: string;
}

/** A real SMTP server on loopback, as a mail provider would be. */
export function startSmtpServer(): Promise<{ port: number; inbox: ReceivedMail[]; close(): Promise<void> }> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        // Undo quoted-printable soft line breaks and escapes so links read as sent: in the content only,
        // never in the headers, where a link's "=C1" (a token starting with two hex digits) is as sent.
        const headersEnd = body.search(/\r?\n\r?\n/);
        const headers = headersEnd < 0 ? body : body.slice(0, headersEnd);
        const content = headersEnd < 0 ? '' : body.slice(headersEnd);
        const decoded = content
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), body: headers + decoded });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as { port: number };
      resolve({ port, inbox, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
