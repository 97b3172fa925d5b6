// `npm start`: builds the web app and compiles the server when their sources changed
// (build-web.mjs, build-server.mjs), then runs the compiled server, all in this one Node process:
// each process more was some 0.15 s of CPU and 40 MB at every start.
import { buildServer } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';

const webStatus = buildWeb();
if (webStatus !== 0) process.exit(webStatus);
await buildServer();
// As `node --enable-source-maps`: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.js');
