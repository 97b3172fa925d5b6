// nginx in front of server processes on this machine: the configuration `npm run cluster`
// (scripts/cluster.mjs) runs, from cluster.nginx.conf. Also used by the scale bench to put the
// same nginx in front of bare Socket.IO, so a storm's cost of the hop is measured apart from the app's.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** nginx from PATH or Debian's place, or undefined when neither runs. */
export function installedNginx() {
  return ['nginx', '/usr/sbin/nginx'].find(
    (candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0,
  );
}

/**
 * Writes `dir`/nginx.conf for `listen` ("port" or "host:port") in front of `ports` on 127.0.0.1,
 * and checks it with `nginx -t`; returns nginx's complaint, or null when it took the file.
 */
export async function writeNginxConfig({ nginx, dir, listen, ports, workers }) {
  const template = await readFile(path.join(import.meta.dirname, 'cluster.nginx.conf'), 'utf8');
  const config = template
    .replaceAll('{{DIR}}', dir)
    .replaceAll('{{WORKERS}}', workers || 'auto')
    .replaceAll('{{REUSEPORT}}', workers ? ' reuseport' : '')
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll(
      '{{SERVERS}}',
      ports.map((internal) => `    server 127.0.0.1:${internal} max_fails=0;`).join('\n'),
    );
  await writeFile(path.join(dir, 'nginx.conf'), config);
  const tested = spawnSync(nginx, ['-t', '-q', ...nginxArgs(dir)], { encoding: 'utf8' });
  return tested.status === 0 ? null : tested.stderr;
}

/** nginx's arguments for the configuration in `dir` (add `-g 'daemon off;'` to run it). */
export function nginxArgs(dir) {
  return ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
}
