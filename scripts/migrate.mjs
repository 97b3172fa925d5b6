// `npm run migrate`: compiles the server if its sources changed, then applies the pending
// migrations with the compiled code, as the server that ships would (apps/server/src/migrate.ts).
import { buildServer } from './build-server.mjs';

await buildServer();
await import('../apps/server/dist/migrate.js');
