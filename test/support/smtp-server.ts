import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// One SMTP test server for the server's integration tests (apps/server/test) and the browser
// tests (e2e): the password-reset mail goes through a real SMTP conversation in both.

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone (good enough to find links). */
  decoded: string;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `address` received after the first `since` mails. */
  waitForMail(address: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const decoded = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        mails.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw, decoded });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(address, since = 0, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.slice(since).find((candidate) => candidate.to.includes(address));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first `${publicUrl}/forgot-password?oobCode=…` link in a text. */
export function resetLinkIn(text: string, publicUrl: string): string {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/forgot-password\\?oobCode=[A-Za-z0-9_%-]+`).exec(text);
  if (!match) throw new Error(`no ${publicUrl}/forgot-password link in:\n${text}`);
  return match[0];
}

/** The reset code of the first /forgot-password?oobCode=… link in a text. */
export function resetCodeIn(text: string, publicUrl: string): string {
  return new URL(resetLinkIn(text, publicUrl)).searchParams.get('oobCode')!;
}
