// Benchmark: `npm start` as a user types it, twice on one temporary data folder (the first start
// creates and migrates the embedded database and the demo data, the second finds them): the time
// from the command to the first `GET /health` 200, then the idle memory and CPU of the processes
// it left running. One JSON line per figure, like the other benches (docs/performance.md).
//
//   node scripts/measure-start.mjs [--starts 2] [--settle 10] [--window 10] [--timeout 300] [-- <command...>]
//
// The web app (and anything else `npm start` builds when its sources changed) should be built
// before: run `npm start` once, or the first start measures the build too.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  options: {
    starts: { type: 'string', default: '2' },
    // Seconds after /health before the idle figures, then the seconds over which CPU is counted.
    settle: { type: 'string', default: '10' },
    window: { type: 'string', default: '10' },
    // Seconds to wait for /health: a loaded two-core machine needs minutes for a fresh start.
    timeout: { type: 'string', default: '300' },
  },
  allowPositionals: true,
});
const command = positionals.length > 0 ? positionals : ['npm', 'start'];
const root = path.resolve(import.meta.dirname, '..');
const ticksPerSecond = 100; // USER_HZ on Linux
const pageKB = 4;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The processes of a process group (the command and all it started), each with its command, RSS and CPU ticks. */
function processGroup(groupId) {
  const group = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The fields after the command name, which may hold spaces, in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      group.push({
        pid: Number(entry),
        ticks: Number(fields[11]) + Number(fields[12]),
        // Its children that ended (a build step, a wrapper) count in their parent's figures.
        ticksWithEndedChildren:
          Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
        rssKB: Number(fields[21]) * pageKB,
        cmd: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return group;
}

async function waitForHealth(url, child, deadlineMs) {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    if (child.exitCode !== null) throw new Error(`the command exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error(`no /health 200 within ${deadlineMs} ms`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ruthless-start-'));
const figure = (fields) => console.log(JSON.stringify(fields));
try {
  for (let start = 1; start <= Number(args.starts); start++) {
    const port = await freePort();
    const output = [];
    const began = performance.now();
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      // Its own process group, so the whole tree stops together.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    try {
      await waitForHealth(`http://127.0.0.1:${port}/health`, child, Number(args.timeout) * 1000);
    } catch (error) {
      process.stderr.write(Buffer.concat(output));
      process.kill(-child.pid, 'SIGKILL');
      throw error;
    }
    const toHealthMs = Math.round(performance.now() - began);
    // CPU time is what the start costs on a loaded machine, where wall clock mostly measures the load.
    const cpuMs =
      processGroup(child.pid).reduce((sum, proc) => sum + proc.ticksWithEndedChildren, 0) *
      (1000 / ticksPerSecond);
    const dataFolder = start === 1 ? 'fresh' : 'existing';
    figure({
      name: 'start-to-health',
      start,
      dataFolder,
      unit: 'ms',
      value: toHealthMs,
      cpuMs,
      loadAverage: os.loadavg()[0],
      command: command.join(' '),
    });

    await sleep(Number(args.settle) * 1000);
    const before = processGroup(child.pid);
    await sleep(Number(args.window) * 1000);
    const after = processGroup(child.pid);
    const cpuPercent = (list) =>
      (100 *
        list.reduce(
          (sum, proc) => sum + proc.ticks - (before.find((b) => b.pid === proc.pid)?.ticks ?? 0),
          0,
        )) /
      ticksPerSecond /
      Number(args.window);
    const server = after.reduce((largest, proc) => (proc.rssKB > largest.rssKB ? proc : largest));
    figure({
      name: 'start-idle-rss',
      start,
      dataFolder,
      unit: 'MB',
      value: Math.round(server.rssKB / 1024),
      // Everything the command left running, wrappers included.
      allProcessesMB: Math.round(after.reduce((sum, proc) => sum + proc.rssKB, 0) / 1024),
      processes: after.map((proc) => `${proc.cmd.slice(0, 60)} (${Math.round(proc.rssKB / 1024)} MB)`),
      afterSeconds: Number(args.settle) + Number(args.window),
    });
    figure({
      name: 'start-idle-cpu',
      start,
      dataFolder,
      unit: '% of a core',
      value: Number(cpuPercent([server]).toFixed(2)),
      allProcesses: Number(cpuPercent(after).toFixed(2)),
      windowSeconds: Number(args.window),
    });

    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    // Until every process of the group is gone (the server closes its database last).
    while (processGroup(child.pid).length > 0) await sleep(50);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
