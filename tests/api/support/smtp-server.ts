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
        // Undo quoted-printable soft line breaks and escapes so links read as sent.
        const decoded = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), body: decoded });
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
