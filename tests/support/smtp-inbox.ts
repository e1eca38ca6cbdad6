import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port that keeps every message it receives (for the tests of mail
 * sent through nodemailer: password reset, invitations). `url` goes into SMTP_URL.
 */
export async function startSmtpInbox() {
  const messages: ReceivedMail[] = [];
  let waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.forEach((w) => w());
        waiters = [];
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves when the inbox holds `count` messages (delivery is asynchronous by design). */
    holds(count: number): Promise<void> {
      if (messages.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push(() => messages.length >= count && resolve()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text body of a MIME message (quoted-printable decoded, soft line breaks joined). */
export function mailText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;
