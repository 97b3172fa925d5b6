import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode } from '@ruthless/protocol';
import { NotFoundError } from '../../errors';
import { holdsBearer } from '../../plugins/internal-access';

/**
 * GET /internal/backup: an online copy of the embedded database (docs/operations.md, Back up and
 * restore), a gzipped tar of DATA_DIR/pglite. Only for BACKUP_TOKEN's bearer, in every
 * environment: the copy holds every account, so the metrics token does not open it (least
 * privilege). 404 on PostgreSQL, which pg_dump backs up.
 */
const backupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/backup', { schema: { hide: true } }, async (request, reply) => {
    const dump = app.database.dumpDataDir;
    const token = app.config.backupToken;
    if (!token || !holdsBearer(request.headers.authorization, token) || !dump) {
      throw new NotFoundError(ErrorCode.notFound, 'Not found');
    }
    const archive = Buffer.from(await (await dump()).arrayBuffer());
    const taken = new Date().toISOString().replace(/[:.]/g, '-');
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="ruthless-pglite-${taken}.tar.gz"`)
      .send(archive);
  });
};

export default backupRoutes;
