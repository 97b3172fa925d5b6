import fp from 'fastify-plugin';
import { AnalyticsRepository } from '../../analytics/analytics.repository';
import { AnalyticsService } from '../../analytics/analytics.service';
import { LiveSampler } from '../../analytics/live-sampler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Show analytics for the host console (analytics/analytics.service.ts). */
    analytics: AnalyticsService;
    /** This process's live figures of each show, stored every few seconds (analytics/live-sampler.ts). */
    liveSampler: LiveSampler;
  }
}

export default fp(
  async (app) => {
    const repository = new AnalyticsRepository(app.database.db);
    const { rooms, live } = app.repositories;
    app.decorate(
      'analytics',
      new AnalyticsService(repository, app.live, live, async (roomId) => !!(await rooms.findById(roomId))),
    );
    const sampler = new LiveSampler(
      repository,
      () => app.realtime.phones.viewersByGame(),
      app.runner.runnerId,
      (err) => app.log.warn({ err }, 'live sample not stored'),
    );
    app.decorate('liveSampler', sampler);
    if (!app.config.readOnly) app.addHook('onReady', async () => sampler.start());
    app.addHook('preClose', async () => {
      await sampler.stop();
    });
  },
  { name: 'analytics', dependencies: ['database', 'repositories', 'live', 'realtime', 'game-runner'] },
);
