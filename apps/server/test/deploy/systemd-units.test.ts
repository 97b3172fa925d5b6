import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployDir, findBinary, run } from './deploy-support';

const systemdAnalyze = findBinary('systemd-analyze');
// The units start Node.js and npm where Debian's packages (and NodeSource's) put them.
const missingRuntime = ['/usr/bin/node', '/usr/bin/npm'].find((binary) => !existsSync(binary));
const unavailable = !systemdAnalyze
  ? 'needs systemd-analyze (systemd) to check the units: run on a machine with systemd'
  : missingRuntime
    ? `the units run ${missingRuntime}, which this machine does not have`
    : undefined;

describe.skipIf(unavailable)('the systemd units', () => {
  it('pass systemd-analyze verify: the migration, two processes and the target', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-units-'));
    try {
      await cp(path.join(deployDir, 'systemd'), dir, { recursive: true });
      const units = [
        'ruthless-migrate.service',
        'ruthless@3001.service',
        'ruthless@3002.service',
        'ruthless.target',
      ];
      // Exits non-zero and names the line on any bad setting or missing command.
      const { stderr } = await run(systemdAnalyze!, ['verify', ...units.map((unit) => path.join(dir, unit))]);
      expect(stderr).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
