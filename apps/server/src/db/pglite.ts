import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

// PostgreSQL's shared buffers inside PGlite's WebAssembly memory: its default 128 MB is most of
// the idle process's memory, and PGlite zeroes it at every start (about 0.5 s of CPU). The
// embedded database of one process is a few tens of MB, and the operating system caches its files.
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Starts the embedded PostgreSQL kept on disk in dataDir/pglite (unmigrated: openDatabase
 * migrates it). Its own module, with nothing but PGlite: main.ts calls it before it loads the
 * rest of the app, so compiling PGlite's WebAssembly and PostgreSQL's own start overlap the
 * loading of the app's modules.
 */
export async function startPglite(dataDir: string): Promise<PGlite> {
  const directory = path.join(dataDir, 'pglite');
  const [{ PGlite }] = await Promise.all([
    import('@electric-sql/pglite'),
    mkdir(directory, { recursive: true }),
  ]);
  return PGlite.create(directory, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}
