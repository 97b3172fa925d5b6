import type { ShareSummary } from '@ruthless/protocol';
import { CARD_HEIGHT, CARD_WIDTH } from './share-card';

/** Text as an HTML attribute value or character data: a name's markup is never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a link preview shows: a title, a line, the page's address and its card (a PNG). */
export interface LinkPreview {
  title: string;
  description: string;
  pageUrl: string;
  imageUrl: string;
  imageAlt: string;
}

/** The Open Graph and Twitter card tags of a link preview, every value escaped. */
export function linkPreviewTags(preview: LinkPreview): string[] {
  const meta = (key: 'property' | 'name', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Ruthless'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.pageUrl),
    meta('property', 'og:image', preview.imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(CARD_WIDTH)),
    meta('property', 'og:image:height', String(CARD_HEIGHT)),
    meta('property', 'og:image:alt', preview.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.imageUrl),
    meta('name', 'twitter:image:alt', preview.imageAlt),
  ];
}

/**
 * The app's index.html with an ended show's link preview in its head: Open Graph and Twitter
 * card tags, filled in by the server, as the bots that read them run no JavaScript. The app
 * itself then shows the public results page (apps/web/src/app/routes/game-results.tsx).
 */
export function withShareTags(indexHtml: string, summary: ShareSummary): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(summary.pageUrl)}" />`,
    ...linkPreviewTags(summary),
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
