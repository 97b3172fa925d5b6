import type { Transporter } from 'nodemailer';
import type { MailRepository } from './mail.repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe of reminder mails); the dev mailbox does not keep them. */
  headers?: Record<string, string>;
}

/** Sends mail: over SMTP when SMTP_URL is set, else into the dev mailbox (the mail_outbox table). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  repository: MailRepository;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    // nodemailer is loaded only for SMTP, at the first mail: a start does without it (80 ms of CPU).
    let transport: Promise<Transporter> | undefined;
    const connected = () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      ));
    return {
      kind: 'smtp',
      async send(mail) {
        await (await connected()).sendMail({ from: options.from, ...mail });
      },
      async close() {
        (await transport?.catch(() => undefined))?.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.repository.insert({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      });
    },
    close: async () => {},
  };
}
