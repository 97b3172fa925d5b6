import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

// Each server test file's own Redis prefix under the run's (suite-setup.ts), in the environment so
// that its apps and the server processes it starts share it, and files running side by side on
// one Redis never see each other's broadcasts, limits or sessions.
process.env.REDIS_PREFIX = `${inject('redisRunPrefix')}${randomUUID().slice(0, 8)}:`;
