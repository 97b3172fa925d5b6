// Starts the server that ships (compiled by build-server.mjs, as `npm start` runs it) for the
// browser tests, on a fresh embedded database with demo data. Its mail goes over real SMTP to a
// catcher here, which appends each message to test-results/e2e-mail-<port>.jsonl for the tests
// (e2e/support/mail.ts): behind TRUST_PROXY, as here, the server has no dev mailbox.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3999';
// One folder and one mail file per port, so two runs side by side never share them.
const dataDir = path.join(root, 'test-results', `e2e-data-${port}`);
const mailFile = path.join(root, 'test-results', `e2e-mail-${port}.jsonl`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(mailFile, { force: true });
mkdirSync(path.dirname(mailFile), { recursive: true });

await buildServer();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      // Quoted-printable soft breaks and escapes undone: enough to find the links.
      const text = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      const to = session.envelope.rcptTo.map((recipient) => recipient.address);
      appendFileSync(mailFile, `${JSON.stringify({ to, text })}\n`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DEMO: 'true',
    // Browser tests play many players from one machine: each names its own address, as a proxy would.
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: 'host@ruthless.test',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
