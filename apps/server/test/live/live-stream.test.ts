import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameReplay } from '@ruthless/protocol/replay';
import { games } from '../../src/db/schema';
import { api } from '../support/live';
import { claimTicket, playerWithDetails, scheduleGame, startShow, type Show } from '../support/show';

/**
 * docs/live-streaming.md for real: nginx with Debian's RTMP module, configured from the very
 * template the recipe uses, takes an ffmpeg push over RTMP and serves it as HLS, and records it:
 * record-done.sh remuxes the recording to an MP4 that nginx serves and tells a real app, whose
 * replay of the show plays it.
 */

const run = promisify(execFile);
const TEMPLATE = fileURLToPath(new URL('../../../../docs/live-streaming/nginx-rtmp.conf', import.meta.url));
const RECORD_SCRIPT = fileURLToPath(
  new URL('../../../../docs/live-streaming/record-done.sh', import.meta.url),
);
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
  // The two databases' one-at-a-time runs may reach this together: the second waits for dpkg's
  // lock instead of failing on it.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  const install = () =>
    run('apt-get', [...lock, 'install', '-y', '--no-install-recommends', ...packages], {
      env,
      maxBuffer: 32 << 20,
    });
  try {
    await install();
  } catch {
    // Stale package lists are the usual reason: refresh them once and try again.
    await run('apt-get', [...lock, 'update'], { env, maxBuffer: 32 << 20 });
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
function start(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
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

/** A real-time test picture and tone for `seconds`, with a keyframe every second, pushed to `key`. */
function pushTestSource(ffmpeg: string, rtmpPort: number, key: string, seconds: number) {
  return start(ffmpeg, [
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
    String(seconds),
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
    `rtmp://127.0.0.1:${rtmpPort}/live/${key}`,
  ]);
}

/** A show that is over in seconds: one player, quick stages. */
const QUICK_SHOW = {
  greenRoomMs: 1000,
  reelsMs: 100,
  luckyFateMs: 100,
  ballIntervalMs: 100,
  ruthlessMs: 1000,
  revealMs: 100,
};

describe('local live streaming (docs/live-streaming.md)', () => {
  let runDir = '';
  let rtmpPort = 0;
  let httpPort = 0;
  let nginx: ReturnType<typeof start> | undefined;
  const pushes: ReturnType<typeof start>[] = [];
  let binaries: Awaited<ReturnType<typeof ensureNginxRtmp>>;
  let show: Show | undefined;
  const streamHookSecret = randomBytes(32).toString('base64');

  beforeAll(async () => {
    binaries = await ensureNginxRtmp();
    runDir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-rtmp-'));
    await mkdir(path.join(runDir, 'hls'));
    await mkdir(path.join(runDir, 'recordings'));
    [rtmpPort, httpPort] = [await freePort(), await freePort()];
    // The app the recordings are told to: a host and their room.
    show = await startShow({
      host: 'streamer@ruthless.test',
      room: { name: 'Studio Room', theme: 'GOLD', roomImage: '/rooms/gold-rush.svg' },
      env: { STREAM_HOOK_SECRET: streamHookSecret },
    });
    const config = renderTemplate(await readFile(TEMPLATE, 'utf8'), {
      RTMP_MODULE: binaries.module,
      USER: os.userInfo().username,
      RUN_DIR: runDir,
      HLS_DIR: path.join(runDir, 'hls'),
      LISTEN: '127.0.0.1',
      RTMP_PORT: rtmpPort,
      HTTP_PORT: httpPort,
      RECORD_DIR: path.join(runDir, 'recordings'),
      RECORD_SCRIPT,
      RECORDINGS_URL: `http://127.0.0.1:${httpPort}/recordings`,
      APP_URL: show.server.url,
    });
    await writeFile(path.join(runDir, 'nginx.conf'), config);
  }, 300_000);

  afterAll(async () => {
    for (const push of pushes) await stop(push, 'SIGKILL');
    await stop(nginx);
    await show?.server.close();
    if (runDir) await rm(runDir, { recursive: true, force: true });
  }, 30_000);

  /** nginx from the rendered recipe, started once, with the app's secret in its environment. */
  async function startNginx(): Promise<void> {
    if (nginx?.alive()) return;
    const conf = path.join(runDir, 'nginx.conf');
    nginx = start(binaries.nginx, ['-p', runDir, '-c', conf, '-e', path.join(runDir, 'error.log')], {
      ...process.env,
      STREAM_HOOK_SECRET: streamHookSecret,
    });
    const ready = Date.now() + 15_000;
    try {
      await waitForPort(rtmpPort, ready, nginx.alive);
      await waitForPort(httpPort, ready, nginx.alive);
    } catch (error) {
      const log = await readFile(path.join(runDir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start (${String(error)}): ${nginx.output()} ${log}`);
    }
  }

  it('renders the recipe template completely, with the HLS and recording settings the app expects', async () => {
    const config = await readFile(path.join(runDir, 'nginx.conf'), 'utf8');
    expect(config).not.toMatch(/\{\{[A-Z_]+\}\}/);
    expect(config).toContain(`load_module ${binaries.module};`);
    expect(config).toMatch(/^\s*hls on;$/m);
    expect(config).toMatch(/^\s*hls_fragment 1s;$/m);
    expect(config).toMatch(/^\s*hls_playlist_length 6s;$/m);
    expect(config).toMatch(/^\s*record all;$/m);
    expect(config).toMatch(/^\s*record_unique on;$/m);
    expect(config).toMatch(/^env STREAM_HOOK_SECRET;$/m);
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
    await startNginx();
    // 5 s of a test picture and tone, in real time, with a keyframe every second.
    const ffmpeg = pushTestSource(binaries.ffmpeg, rtmpPort, 'test', 5);
    pushes.push(ffmpeg);

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

  it('records a show’s stream: an MP4 on /recordings/ that the show’s replay plays', async () => {
    await startNginx();
    const server = show!.server;
    const key = 'studio1';
    const player = await playerWithDetails(server.url, 'Rex');
    const game = await scheduleGame(show!, 2_000, {
      timings: QUICK_SHOW,
      videoSource: `http://127.0.0.1:${httpPort}/hls/${key}.m3u8`,
    });
    await claimTicket(show!, player.token, game.gameUuid);

    // The host streams over the show's start: 4 s, recorded whole.
    const pushedAt = Date.now();
    const ffmpeg = pushTestSource(binaries.ffmpeg, rtmpPort, key, 4);
    pushes.push(ffmpeg);
    expect(await Promise.race([ffmpeg.exited, sleep(20_000).then(() => 'still running')])).toBe(0);

    // When the recording ends, record-done.sh remuxes it and tells the app, which keeps it.
    const log = path.join(runDir, 'record-done.log');
    const row = await vi.waitFor(
      async () => {
        const [found] = await server.app.database.db.select().from(games).where(eq(games.id, game.gameUuid));
        if (!found?.recordingUrl || !found.recordingStartedAt) {
          throw new Error(
            `no recording kept yet; record-done.log: ${await readFile(log, 'utf8').catch(() => '')}`,
          );
        }
        return { url: found.recordingUrl, startedAt: found.recordingStartedAt };
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(row.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${httpPort}/recordings/${key}-\\d+\\.mp4$`));
    // record_unique names it by its start, to the second.
    expect(row.startedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(pushedAt / 1000) * 1000);
    expect(row.startedAt.getTime()).toBeLessThanOrEqual(pushedAt + 3_000);

    // (a) nginx serves it, to another origin: an MP4 with at least 2 s of video.
    const response = await fetch(row.url, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    await response.arrayBuffer();
    const probed = await run(
      path.join(path.dirname(binaries.ffmpeg), 'ffprobe'),
      ['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', row.url],
      { timeout: 10_000 },
    );
    const media = JSON.parse(probed.stdout) as {
      streams: { codec_type: string }[];
      format: { duration: string };
    };
    expect(media.streams.map((stream) => stream.codec_type)).toContain('video');
    expect(Number(media.format.duration)).toBeGreaterThanOrEqual(2);
    // Only the finished MP4s are served: nothing of the FLV left, nor another kind of file.
    const flv = await fetch(row.url.replace(/\.mp4$/, '.flv'));
    expect(flv.status).toBe(404);

    // (b) Once the show is over, its replay plays the recording, from the recording's start.
    const replay = await vi.waitFor(
      async () => {
        const answer = await api(server.url, 'GET', `/api/replays/${game.gameUuid}`, null);
        if (answer.status !== 200) throw new Error(`replay not ready: ${answer.status}`);
        return answer.body as unknown as GameReplay;
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(replay.videoSource).toBe(row.url);
    expect(replay.videoStartedAt).toBe(row.startedAt.toISOString());
  }, 60_000);
});
