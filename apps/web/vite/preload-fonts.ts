import type { Plugin } from 'vite';

/**
 * Preloads the two Latin font files every screen uses (Luckiest Guy for titles, Nunito for text),
 * so headings do not wait for the stylesheet to discover them. Other subsets load only when a
 * page shows their characters (the stylesheets' unicode-range).
 */
export function preloadFonts(
  pattern = /\/(luckiest-guy-latin-400-normal|nunito-latin-wght-normal)-[\w-]+\.woff2$/,
): Plugin {
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
