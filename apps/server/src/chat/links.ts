import { LinkifyIt } from 'linkify-it';

// Links with a scheme (http://, //, mailto:), www. addresses and bare domains on the top-level
// domains links are posted under. linkify-it's own list also takes every two-letter country
// domain, which reads chat typos such as 'ball.in the pot' or 'so.no' as links.
const linkify = new LinkifyIt({
  fuzzyLink: true,
  fuzzyEmail: false,
  tlds: [
    'com',
    'net',
    'org',
    'info',
    'biz',
    'xyz',
    'io',
    'co',
    'uk',
    'tv',
    'gg',
    'ly',
    'app',
    'dev',
    'site',
    'online',
    'live',
    'link',
    'top',
    'club',
    'shop',
    'ru',
    'cn',
  ],
});

// A www. address is a link whatever its top-level domain.
const WWW = /(?:^|[^\p{L}\p{N}])www\.[\p{L}\p{N}]/iu;

/** True when the text holds a link a reader could follow or copy. */
export function containsLink(text: string): boolean {
  return WWW.test(text) || linkify.test(text);
}
