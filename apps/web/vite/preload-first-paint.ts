import type { HtmlTagDescriptor, Plugin } from 'vite';

const link = (attrs: Record<string, string>): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo: 'head' });

/**
 * Preloads the two font files every screen uses (Luckiest Guy for titles, Nunito for text), cut to
 * the app's own characters (styles/fonts.css), so headings do not wait for the stylesheet to
 * discover them. Other characters' files load only when a page shows them (unicode-range). Also
 * the logo's face, which the first render waits for (components/ui/logo): fetched beside the entry
 * script rather than after it.
 */
export function preloadFirstPaint(
  fonts = /\/(luckiest-guy-app|nunito-app-wght)-[\w-]+\.woff2$/,
  logo = /^assets\/ruthless-face-[\w-]+\.webp$/,
): Plugin {
  return {
    name: 'ruthless:preload-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {});
        return [
          ...files
            .filter((file) => fonts.test(`/${file}`))
            .map((file) =>
              link({ rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' }),
            ),
          ...files
            .filter((file) => logo.test(file))
            .map((file) => link({ rel: 'preload', href: `/${file}`, as: 'image', type: 'image/webp' })),
        ];
      },
    },
  };
}
