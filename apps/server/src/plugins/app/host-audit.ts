import fp from 'fastify-plugin';
import { hostAuditPlugin } from '../../host/audit';

/** Every host action is audited through this one hook (host/audit.ts), on the root before any route. */
export default fp(
  async (app) => {
    await app.register(hostAuditPlugin, { audit: app.repositories.audit });
  },
  { name: 'host-audit-hook', dependencies: ['repositories'] },
);
