import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, importJWK, jwtVerify } from 'jose';
import type { PushNotification, PushSubscriptionBody } from '@ruthless/protocol';
import { findBinary, run } from '../deploy/deploy-support';

// http_ece: the reference implementation of RFC 8188/8291 content encoding (web-push's own).
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

/** What the push service was sent for one subscription, decrypted as the browser would. */
export interface ReceivedPush {
  endpoint: string;
  notification: PushNotification;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, its signature checked against the key sent with it. */
  vapid: { aud: string; exp: number; sub: string };
  /** The VAPID public key the push was signed with (the `k` of the Authorization header). */
  vapidKey: string;
}

/** A browser's side of a subscription: its keys, to decrypt what is pushed to it. */
export interface TestBrowser {
  /** What the app would POST to /api/push/subscriptions. */
  subscription: PushSubscriptionBody;
}

export const pushServiceUnavailable = findBinary('openssl')
  ? undefined
  : 'needs openssl to make the push service certificate: run `sudo apt-get install -y openssl`';

/**
 * A push service on this machine speaking the Web Push protocol (RFC 8030) over https, as a
 * browser vendor's does: it takes the server's pushes, checks their VAPID signature (RFC 8292)
 * and decrypts them (RFC 8291) with the keys of the browser that subscribed.
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  private readonly browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  /** Endpoints this service answers with a status of the test's choice (410: unsubscribed). */
  private readonly answers = new Map<string, number>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    /** Trusts this service's certificate: the server under test sends through it. */
    readonly agent: Agent,
    private readonly dir: string,
  ) {}

  static async start(): Promise<LocalPushService> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ruthless-push-'));
    await run(findBinary('openssl')!, [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ]);
    const [key, cert] = await Promise.all([
      readFile(path.join(dir, 'key.pem')),
      readFile(path.join(dir, 'cert.pem')),
    ]);
    const server = createServer({ key, cert });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const service = new LocalPushService(server, `https://127.0.0.1:${port}`, new Agent({ ca: cert }), dir);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        service
          .take(request.url ?? '', request.headers, Buffer.concat(chunks))
          .then((status) => response.writeHead(status).end())
          .catch((error: Error) => response.writeHead(400).end(error.message));
      });
    });
    return service;
  }

  /** A new browser subscribed to this service, in `timeZone`. */
  browser(timeZone = 'Europe/London'): TestBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const endpoint = `${this.origin}/push/${randomUUID()}`;
    this.browsers.set(endpoint, { ecdh, auth });
    return {
      subscription: {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        timeZone,
      },
    };
  }

  /** From now on this endpoint answers `status` (410: the browser unsubscribed). */
  answer(endpoint: string, status: number): void {
    this.answers.set(endpoint, status);
  }

  pushesTo(browser: TestBrowser): ReceivedPush[] {
    return this.received.filter((push) => push.endpoint === browser.subscription.endpoint);
  }

  private async take(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer) {
    const endpoint = `${this.origin}${url}`;
    const answer = this.answers.get(endpoint);
    if (answer) return answer;
    const browser = this.browsers.get(endpoint);
    if (!browser) return 404;
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('expected aes128gcm');
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization));
    if (!match) throw new Error(`expected a VAPID authorization, got ${headers.authorization}`);
    const [, token, vapidKey] = match as unknown as [string, string, string];
    const raw = Buffer.from(vapidKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    await jwtVerify(token, key, { algorithms: ['ES256'] });
    const plain = ece.decrypt(body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    this.received.push({
      endpoint,
      notification: JSON.parse(plain.toString('utf8')) as PushNotification,
      ttl: Number(headers.ttl),
      urgency: headers.urgency as string | undefined,
      topic: headers.topic as string | undefined,
      vapid: decodeJwt(token) as ReceivedPush['vapid'],
      vapidKey,
    });
    return 201;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
    await rm(this.dir, { recursive: true, force: true });
  }
}
