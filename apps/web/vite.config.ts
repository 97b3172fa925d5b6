import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routeBudgetReport } from './vite/route-budgets';

const server = 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), routeBudgetReport()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package points every bundler at its development build (warnings and
      // all); the app ships its production build.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve('react-router')).replace(
                '/dist/development/',
                '/dist/production/',
              ),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph the route budgets are measured on (vite/route-budgets.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // Lazy routes keep their module's name (routes/game.tsx -> assets/game-[hash].js), so a
        // failed chunk can be pinned down in logs and aimed at in the browser tests.
        chunkFileNames: 'assets/[name]-[hash].js',
        entryFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/health': server,
      '/metrics': server,
      '/socket.io': { target: server, ws: true },
    },
  },
}));
