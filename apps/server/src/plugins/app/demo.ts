import fp from 'fastify-plugin';
import { DemoService } from '../../demo/demo.service';

const DEMO_SCHEDULE_REFRESH_MS = 5 * 60_000;

/** With DEMO on: the demo rooms, and a schedule kept rolling ahead (demo/demo.service.ts). */
export default fp(
  async (app) => {
    if (!app.config.demo) return;
    const demo = new DemoService(app.repositories.rooms, app.repositories.games);
    await demo.ensureRooms();
    await demo.extendSchedule(new Date());
    const timer = setInterval(() => {
      demo.extendSchedule(new Date()).catch((err: unknown) => app.log.error({ err }, 'demo schedule failed'));
    }, DEMO_SCHEDULE_REFRESH_MS);
    timer.unref();
    app.addHook('preClose', async () => clearInterval(timer));
  },
  { name: 'demo', dependencies: ['config', 'repositories'] },
);
