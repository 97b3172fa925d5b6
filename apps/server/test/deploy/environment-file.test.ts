import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployDir, readEnvironmentFile, root, run } from './deploy-support';

/**
 * deploy/ruthless.env.example is read twice in production: by systemd (EnvironmentFile=) and by
 * the operator's shell, which the runbook's backup and health commands take their values from
 * (`set -a; . /etc/ruthless/ruthless.env; set +a`). Both must read the same values.
 */
const example = path.join(deployDir, 'ruthless.env.example');

/** The example as bash reads it: sourced with `set -a`, then each of its names printed. */
async function sourcedWithBash(names: string[]): Promise<Record<string, string | undefined>> {
  const script = `set -a; . "$1"; set +a; exec node -e 'process.stdout.write(JSON.stringify(Object.fromEntries(process.argv.slice(1).map((name) => [name, process.env[name]]))))' "\${@:2}"`;
  const { stdout } = await run('bash', ['-c', script, 'bash', example, ...names], {
    env: { PATH: process.env.PATH },
  });
  return JSON.parse(stdout) as Record<string, string | undefined>;
}

describe('the environment file', () => {
  it('is read alike by a shell and by systemd, the mail sender with its name and address', async () => {
    const systemd = readEnvironmentFile(example);
    expect(systemd.MAIL_FROM).toBe('Ruthless <no-reply@play.example.com>');
    expect(Object.keys(systemd).length).toBeGreaterThan(10);
    expect(await sourcedWithBash(Object.keys(systemd))).toEqual(systemd);
  });

  it('quotes every value the two could read apart', async () => {
    // Unquoted: only characters neither gives a meaning to. Quoted: single quotes, which systemd
    // and a shell both take literally (double quotes would let a shell expand `$`).
    const assignments = (await readFile(example, 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    const unsafe = assignments.filter((line) => !/^[A-Z_][A-Z0-9_]*=([\w@%+=:,./-]*|'[^']*')$/.test(line));
    expect(unsafe).toEqual([]);
  });

  it('has every secret it holds named in the runbook', async () => {
    // First deploy's Settings step, where the operator fills the file in.
    const runbook = (await readFile(path.join(root, 'docs/operations.md'), 'utf8'))
      .split('4. **Settings**')[1]!
      .split('5. **')[0]!;
    const systemd = readEnvironmentFile(example);
    const secrets = Object.keys(systemd).filter((name) => /(SECRETS?|TOKEN)$/.test(name));
    expect(secrets).toEqual(
      expect.arrayContaining(['AUTH_SECRET', 'AUTH_PREVIOUS_SECRETS', 'METRICS_TOKEN', 'BACKUP_TOKEN']),
    );
    // The passwords inside the database's and the mail server's addresses are secrets too.
    for (const name of [...secrets, 'DATABASE_URL', 'SMTP_URL']) {
      expect(runbook, `docs/operations.md, Settings, names ${name}`).toContain(`\`${name}\``);
    }
  });
});
