import type { Plugin } from 'vite';

/**
 * Preloads the two font files every screen uses (Luckiest Guy for titles, Nunito for text), cut to
 * the app's own characters (styles/fonts.css), so headings do not wait for the stylesheet to
 * discover them. Other characters' files load only when a page shows them (unicode-range).
 */
export function preloadFonts(pattern = /\/(luckiest-guy-app|nunito-app-wght)-[\w-]+\.woff2$/): Plugin {
  return {
    name: 'ruthless:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return Object.keys(bundle ?? {})
          .filter((file) => pattern.test(`/${file}`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
