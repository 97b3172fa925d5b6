import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';

export const root = path.resolve(import.meta.dirname, '../../../..');
export const deployDir = path.join(root, 'deploy');
export const run = promisify(execFile);

/** The first of `candidates` that runs, or undefined. */
export function findBinary(...candidates: string[]): string | undefined {
  return candidates.find(
    (candidate) => spawnSync(candidate, ['--version'], { stdio: 'ignore' }).error === undefined,
  );
}

/** Fills a deploy template's {{NAME}} fields; a field left without a value is an error. */
export function renderTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (match, name: string) => {
    if (!(name in values)) throw new Error(`no value for ${match}`);
    return String(values[name]);
  });
}

/**
 * KEY=value lines of an environment file as systemd's EnvironmentFile reads them: comments and
 * blanks skipped, a value in single quotes taken as it is inside them.
 */
export function readEnvironmentFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = /^'[^']*'$/.test(match[2]!) ? match[2]!.slice(1, -1) : match[2]!;
  }
  return values;
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over HTTPS that trusts `ca` (the test's own certificate). */
export function httpsGet(
  url: string,
  ca: string,
  headers: Record<string, string> = {},
): Promise<HttpsAnswer> {
  return httpsRequest('GET', url, ca, headers);
}

/** A request over HTTPS that trusts `ca`, with an optional body. */
export function httpsRequest(
  method: string,
  url: string,
  ca: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, ca, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A child process whose output is kept for the failure message. */
export function startProcess(command: string, args: string[], env: Record<string, string | undefined>) {
  const child: ChildProcess = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
