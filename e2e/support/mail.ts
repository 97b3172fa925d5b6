import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { workerPort } from './worker-port';

/**
 * The mail this worker's e2e server sent over SMTP, as scripts/e2e-server.mjs's catcher keeps it:
 * one JSON line per message in test-results/e2e-mail-<port>.jsonl.
 */
const mailFile = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'test-results',
  `e2e-mail-${workerPort()}.jsonl`,
);

function mails(): { to: string[]; text: string }[] {
  if (!existsSync(mailFile)) return [];
  return readFileSync(mailFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; text: string });
}

/** The path and query of the newest reset link mailed to `email`, once it has arrived. */
export async function newestResetPath(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const links = mails()
        .filter((mail) => mail.to.includes(email))
        .flatMap((mail) => /https?:\/\/\S+\/forgot-password\?oobCode=[\w%-]+/.exec(mail.text) ?? []);
      const newest = links.at(-1);
      found = newest && new URL(newest).pathname + new URL(newest).search;
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** The text of the newest mail to `email` whose text contains `containing`, once it has arrived. */
export async function newestMailText(
  email: string,
  containing: string,
  /** How long to wait (the expect timeout unless told: a mail sent by a sweep takes longer). */
  timeout?: number,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mails()
          .filter((mail) => mail.to.includes(email) && mail.text.includes(containing))
          .at(-1)?.text;
        return found;
      },
      timeout ? { timeout } : {},
    )
    .toBeTruthy();
  return found!;
}
