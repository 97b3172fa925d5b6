import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite/precompress';
import { preloadFirstPaint } from './vite/preload-first-paint';
import { routeBudgetReport } from './vite/route-budgets';

const server = 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Installable, with a service worker (docs/web-quality.md): it precaches the shell's scripts,
    // styles, fonts and icons; pages come from the network (offline.html when there is none);
    // /api, /socket.io and media never touch its caches. A new version takes over at once.
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app once its first screen has settled (src/lib/service-worker.ts).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'offline.html', 'icons/apple-touch-icon-180.png', 'push-sw.js'],
      manifest: {
        id: '/',
        name: 'Ruthless',
        short_name: 'Ruthless',
        description: 'A live, hosted 90-ball bingo game show on your phone.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0a1552',
        background_color: '#0a1552',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // index.html is not precached, so a page never starts from a stale shell.
        globPatterns: ['**/*.{js,css,woff2,svg,png,webp}', 'offline.html'],
        // hls.js plays only live streams; other scripts' fonts cover alphabets the app never shows.
        globIgnores: [
          '**/hls-*.js',
          '**/*-{cyrillic,cyrillic-ext,vietnamese,greek}-*.woff2',
          'media/**',
          'rooms/**',
        ],
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
        ],
        // Web Push's notifications and their taps (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    preloadFirstPaint(),
    routeBudgetReport(),
    precompress(),
  ],
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
    modulePreload: {
      // Every browser the app supports preloads modules itself; the polyfill would cost the entry
      // 0.5 kB (docs/web-quality.md, JavaScript per route).
      polyfill: false,
      // A route's chunk, asked for by the entry, comes with <link rel=modulepreload>s for its
      // imports; a lazy part inside a route (the carousel, the marketing copy, the chat panel)
      // does not: its imports load as the browser meets them. Fewer links while the first screen
      // draws took the slow-day TBT of /login and the lobby to 0.5-0.8x (docs/web-quality.md, Tenth
      // pass). Their stylesheets are still put in place before they mount.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' || /(^|\/)index-[\w-]+\.js$/.test(hostId) ? deps : [],
    },
    // terser packs the JavaScript 2 to 3 % smaller than esbuild after gzip, for a slower build.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
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
