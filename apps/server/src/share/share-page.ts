import type { ShareSummary } from '@ruthless/protocol';
import { CARD_HEIGHT, CARD_WIDTH } from './share-card';

/** Text as an HTML attribute value or character data: a name's markup is never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The app's index.html with an ended show's link preview in its head: Open Graph and Twitter
 * card tags, filled in by the server, as the bots that read them run no JavaScript. The app
 * itself then shows the public results page (apps/web/src/app/routes/game-results.tsx).
 */
export function withShareTags(indexHtml: string, summary: ShareSummary): string {
  const meta = (key: 'property' | 'name', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(summary.pageUrl)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Ruthless'),
    meta('property', 'og:title', summary.title),
    meta('property', 'og:description', summary.description),
    meta('property', 'og:url', summary.pageUrl),
    meta('property', 'og:image', summary.imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', summary.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', summary.title),
    meta('name', 'twitter:description', summary.description),
    meta('name', 'twitter:image', summary.imageUrl),
    meta('name', 'twitter:image:alt', summary.imageAlt),
  ];
  return (
    indexHtml
      // Replaced by functions: a name's `$&` is text, never a replacement pattern.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${summary.title} | Ruthless`)}</title>`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_all, start: string, end: string) => `${start}${escapeHtml(summary.description)}${end}`,
      )
      .replace('</head>', () => `${tags.join('')}</head>`)
  );
}
