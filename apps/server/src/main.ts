import closeWithGrace from 'close-with-grace';
import type { App } from './app';
import { ConfigError, processConfigOrExit } from './config';
import { startPglite } from './db/pglite';

const config = processConfigOrExit();
// The embedded database starts first: compiling its WebAssembly (on other threads) and PostgreSQL's
// own start overlap the loading of the app's modules. The database plugin awaits it; a failure is
// reported there, as when it starts it itself.
const pglite = config.databaseUrl ? undefined : startPglite(config.dataDir);
pglite?.catch(() => {});

// Loaded after the configuration is known good, so a bad setting fails fast and alone.
const [{ buildApp }, { SchemaBehindError }] = await Promise.all([import('./app'), import('./db/database')]);
let app: App;
try {
  app = await buildApp(config, { pglite });
} catch (error) {
  // Refusals found only once the database answers (its schema, the secrets its keys need).
  if (!(error instanceof SchemaBehindError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.fastify.log.error({ err }, 'shutting down after an error');
  else app.fastify.log.info({ signal }, 'shutting down');
  await app.close();
});
// A reconnect storm's phones arrive at once: Node's default queue of 511 unaccepted connections
// overflowed in the scale bench, and each connection dropped there came back a backoff later.
// The kernel caps this at net.core.somaxconn (4096 on current Linux).
await app.fastify.listen({ port: config.port, host: config.host, backlog: 4096 });
app.fastify.log.info(
  config.readOnly
    ? `Ruthless answers reads at ${config.publicUrl} (database: ${app.database.kind}; READ_ONLY: a restore check, no show runs)`
    : `Ruthless is live at ${config.publicUrl} (database: ${app.database.kind}${config.demo ? ', demo data on' : ''})`,
);
