import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * docs/live-streaming.md for real: nginx with Debian's RTMP module, configured from the very
 * template the recipe uses, takes an ffmpeg push over RTMP and serves it as HLS.
 */

const run = promisify(execFile);
const TEMPLATE = fileURLToPath(new URL('../../../../docs/live-streaming/nginx-rtmp.conf', import.meta.url));
const PACKAGES = ['nginx', 'libnginx-mod-rtmp'];
const INSTALL_HINT = `nginx with the RTMP module is not installed: run \`sudo apt-get install -y ${PACKAGES.join(' ')}\``;
const MODULE_CANDIDATES = [
  '/usr/lib/nginx/modules/ngx_rtmp_module.so',
  '/usr/share/nginx/modules/ngx_rtmp_module.so',
  '/usr/lib64/nginx/modules/ngx_rtmp_module.so',
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function which(command: string): Promise<string | undefined> {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']) {
    const candidate = path.join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const findModule = () => MODULE_CANDIDATES.find((candidate) => existsSync(candidate));

async function aptInstall(packages: string[]): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env, maxBuffer: 32 << 20 });
  try {
    await install();
  } catch {
    // Stale package lists are the usual reason: refresh them once and try again.
    await run('apt-get', ['update'], { env, maxBuffer: 32 << 20 });
    await install();
  }
}

/** nginx's binary and the RTMP module's path, installing both with apt when we are root. */
async function ensureNginxRtmp(): Promise<{ nginx: string; module: string; ffmpeg: string }> {
  const missing = async () => ({
    nginx: await which('nginx'),
    module: findModule(),
    ffmpeg: await which('ffmpeg'),
  });
  let found = await missing();
  const wanted = [...(found.nginx && found.module ? [] : PACKAGES), ...(found.ffmpeg ? [] : ['ffmpeg'])];
  if (wanted.length > 0) {
    if (process.getuid?.() !== 0) {
      throw new Error(found.ffmpeg ? INSTALL_HINT : `${INSTALL_HINT} (and ffmpeg)`);
    }
    await aptInstall(wanted);
    found = await missing();
  }
  if (!found.nginx || !found.module || !found.ffmpeg) {
    throw new Error(`${INSTALL_HINT} (apt-get install did not provide it)`);
  }
  return { nginx: found.nginx, module: found.module, ffmpeg: found.ffmpeg };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, deadline: number, alive: () => boolean): Promise<void> {
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('nginx exited');
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`port ${port} did not open`);
}

function renderTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (match, name: string) => {
    if (!(name in values)) throw new Error(`no value for ${match}`);
    return String(values[name]);
  });
}

/** Starts a child in its own process group, so that it and its children can be stopped together. */
function start(command: string, args: string[]) {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

async function stop(proc: ReturnType<typeof start> | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!proc?.child.pid || !proc.alive()) return;
  const group = -proc.child.pid;
  try {
    process.kill(group, signal);
  } catch {
    return;
  }
  await Promise.race([proc.exited, sleep(5_000)]);
  try {
    // Whatever is left of the group (a worker that outlived its master) goes too.
    process.kill(group, 0);
    process.kill(group, 'SIGKILL');
  } catch {
    // The group is gone.
  }
}

async function fetchText(url: string) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  return { response, text: await response.text() };
}

describe('local live streaming (docs/live-streaming.md)', () => {
  let runDir = '';
  let rtmpPort = 0;
  let httpPort = 0;
  let nginx: ReturnType<typeof start> | undefined;
  let ffmpeg: ReturnType<typeof start> | undefined;
  let binaries: Awaited<ReturnType<typeof ensureNginxRtmp>>;

  beforeAll(async () => {
    binaries = await ensureNginxRtmp();
    runDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-rtmp-'));
    await mkdir(path.join(runDir, 'hls'));
    [rtmpPort, httpPort] = [await freePort(), await freePort()];
    const config = renderTemplate(await readFile(TEMPLATE, 'utf8'), {
      RTMP_MODULE: binaries.module,
      USER: os.userInfo().username,
      RUN_DIR: runDir,
      HLS_DIR: path.join(runDir, 'hls'),
      LISTEN: '127.0.0.1',
      RTMP_PORT: rtmpPort,
      HTTP_PORT: httpPort,
    });
    await writeFile(path.join(runDir, 'nginx.conf'), config);
  }, 300_000);

  afterAll(async () => {
    await stop(ffmpeg, 'SIGKILL');
    await stop(nginx);
    if (runDir) await rm(runDir, { recursive: true, force: true });
  }, 30_000);

  it('renders the recipe template completely, with the HLS settings the app expects', async () => {
    const config = await readFile(path.join(runDir, 'nginx.conf'), 'utf8');
    expect(config).not.toMatch(/\{\{[A-Z_]+\}\}/);
    expect(config).toContain(`load_module ${binaries.module};`);
    expect(config).toMatch(/^\s*hls on;$/m);
    expect(config).toMatch(/^\s*hls_fragment 1s;$/m);
    expect(config).toMatch(/^\s*hls_playlist_length 6s;$/m);
    expect(config).toContain(`listen 127.0.0.1:${rtmpPort};`);
    expect(config).toContain(`listen 127.0.0.1:${httpPort};`);
    const conf = path.join(runDir, 'nginx.conf');
    const checked = await run(binaries.nginx, [
      '-t',
      '-p',
      runDir,
      '-c',
      conf,
      '-e',
      path.join(runDir, 'error.log'),
    ]).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
    expect(checked.stderr).toContain('test is successful');
  }, 60_000);

  it('takes an ffmpeg push over RTMP and serves it as an HLS playlist with fetchable segments', async () => {
    const conf = path.join(runDir, 'nginx.conf');
    nginx = start(binaries.nginx, ['-p', runDir, '-c', conf, '-e', path.join(runDir, 'error.log')]);
    const ready = Date.now() + 15_000;
    try {
      await waitForPort(rtmpPort, ready, nginx.alive);
      await waitForPort(httpPort, ready, nginx.alive);
    } catch (error) {
      const log = await readFile(path.join(runDir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start (${String(error)}): ${nginx.output()} ${log}`);
    }

    // 5 s of a test picture and tone, in real time, with a keyframe every second.
    ffmpeg = start(binaries.ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=24',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      '5',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '24',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-f',
      'flv',
      `rtmp://127.0.0.1:${rtmpPort}/live/test`,
    ]);

    const playlistUrl = `http://127.0.0.1:${httpPort}/hls/test.m3u8`;
    let playlist = '';
    let headers: Headers | undefined;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { response, text } = await fetchText(playlistUrl).catch(() => ({
        response: undefined,
        text: '',
      }));
      if (response?.status === 200 && /\.ts\s*$/m.test(text)) {
        playlist = text;
        headers = response.headers;
        break;
      }
      if (!ffmpeg.alive() && (await ffmpeg.exited) !== 0) {
        throw new Error(`ffmpeg could not push: ${ffmpeg.output()}`);
      }
      await sleep(250);
    }
    expect(playlist, `no playlist with a segment at ${playlistUrl}`).not.toBe('');
    expect(headers?.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(headers?.get('access-control-allow-origin')).toBe('*');

    // A valid live HLS media playlist.
    const lines = playlist
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines[0]).toBe('#EXTM3U');
    expect(playlist).toMatch(/^#EXT-X-TARGETDURATION:\d+$/m);
    expect(playlist).toMatch(/^#EXT-X-MEDIA-SEQUENCE:\d+$/m);
    const segments = lines.filter((line, i) => !line.startsWith('#') && lines[i - 1]?.startsWith('#EXTINF:'));
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(segments.every((segment) => segment.endsWith('.ts'))).toBe(true);

    // Its first segment downloads: an MPEG transport stream (0x47 sync bytes every 188 bytes).
    const segmentUrl = new URL(segments[0]!, playlistUrl).toString();
    const response = await fetch(segmentUrl, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp2t');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBeGreaterThan(0);
    expect(body.length % 188).toBe(0);
    expect(body[0]).toBe(0x47);
    expect(body[188]).toBe(0x47);

    // The push ends by itself after its 5 seconds.
    expect(await Promise.race([ffmpeg.exited, sleep(20_000).then(() => 'still running')])).toBe(0);
  }, 60_000);
});
