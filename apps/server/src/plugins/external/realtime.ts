import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';
import { proxyTrust, type AppPluginOptions } from '../../app';
import { trustedOrigins } from '../../auth/auth';

import { startRealtime, type Realtime } from '../../realtime/socket-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** Socket.IO on the server's own port, and Redis when configured (realtime/socket-server.ts). */
    realtime: Realtime;
  }
}

/**
 * Socket.IO and Redis. Closed by buildApp's last preClose hook (app.ts), once every service
 * that emits through it has stopped.
 */
export default fp<AppPluginOptions>(
  async (app, options) => {
    const trust = proxyTrust(app.config.trustProxy);
    const realtime = await startRealtime({
      httpServer: app.server,
      redisUrl: app.config.redisUrl,
      redisPrefix: app.config.redisPrefix, // cluster: docs/cluster.md
      reconnectWindowMs: app.config.reconnectWindowMs,
      recoveryMaxViewers: app.config.recoveryMaxViewers,
      socketsConnected: app.metrics.socketsConnected,
      allowedOrigins: trustedOrigins(app.config).map((origin) => new URL(origin).origin),
      clientAddress: (request) => proxyAddr(request, trust),
      eventLimits: options.socketEventLimits,
      onFlood: (address) => app.log.warn({ address }, 'socket closed: too many events'),
    });
    app.decorate('realtime', realtime);
    // The first thing a stopping process does (this plugin's hook runs before the services'):
    // its phones move to the other processes while it hands its games over (docs/cluster.md).
    app.addHook('preClose', async () => realtime.movePhones());
  },
  { name: 'realtime', dependencies: ['config', 'metrics'] },
);
