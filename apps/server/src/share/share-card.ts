import type { FinalOutcome } from '@ruthless/game';
import type { Theme } from '@ruthless/protocol';

/** The card's size: what Open Graph and Twitter's large card show best (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** One row of the card: a finalist with their revealed choice, or a line winner (choice null). */
export interface CardRow {
  name: string;
  pence: number;
  choice: 'share' | 'steal' | null;
}

/**
 * What an ended show's share card says: only what the results published (docs/game-rules.md,
 * "What a stranger learns"), so never an email, a first or last name, nor a default or choice the
 * reveal did not show.
 */
export interface ShareCard {
  roomName: string;
  theme: Theme;
  potPence: number;
  outcome: FinalOutcome;
  /** The finalists first (their choices were revealed), then the other winners, most won first. */
  rows: CardRow[];
}

/** The room's art, embedded in the card (no address is fetched while rendering). */
export interface CardArt {
  type: string;
  bytes: Buffer;
}

/** The words of the results screen (apps/web/src/features/game/utils/labels.ts). */
export const OUTCOME_HEADLINE: Record<FinalOutcome, string> = {
  'all-share': 'Everyone shared!',
  'some-steal': 'Ruthless! The stealers take the pot',
  'all-steal': 'Everyone stole: nobody wins',
  'no-final': 'The full house takes the pot',
};

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Pence as the app writes them (apps/web/src/lib/currency.ts): 12000 -> '£120.00'. */
export function money(pence: number): string {
  return POUNDS.format(pence / 100);
}

const THEME_COLOURS: Record<Theme, { glow: string; mid: string; deep: string; accent: string }> = {
  DEFAULT: { glow: '#3d6bff', mid: '#13248f', deep: '#050a33', accent: '#7fb2ff' },
  RED: { glow: '#ff3d6e', mid: '#9b0a34', deep: '#2a0212', accent: '#ff8fab' },
  GOLD: { glow: '#f2b01e', mid: '#8f4c04', deep: '#2a1402', accent: '#ffd66b' },
  GREEN: { glow: '#2fd27a', mid: '#0b6a3b', deep: '#021f12', accent: '#86f5b5' },
};

/** Text as SVG character data or an attribute value: markup in a name is never markup. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** At most `max` characters (by code point), with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const MAX_ROWS = 4;

/** The room's name in one line, or two for a long one (a room name has at most 40 characters). */
function roomLines(name: string): { lines: string[]; size: number } {
  const length = [...name].length;
  if (length <= 14) return { lines: [name], size: 68 };
  if (length <= 20) return { lines: [name], size: 54 };
  // Split at the space nearest the middle; a name without one is cut at the middle.
  const spaces = [...name.matchAll(/ /g)].map((match) => match.index);
  const middle = name.length / 2;
  const at = spaces.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0];
  const [first, second] =
    at === undefined ? [name.slice(0, middle), name.slice(middle)] : [name.slice(0, at), name.slice(at + 1)];
  return { lines: [clip(first!, 24), clip(second!, 24)], size: 42 };
}

/**
 * The card as SVG text: the room's art on the right, the room, the pot, the outcome and the
 * winners on the left. Every piece of user text (the room's and the players' names) is escaped.
 * The fonts are named by family and loaded by the rasteriser (card-fonts.ts).
 */
export function shareCardSvg(card: ShareCard, art: CardArt | null): string {
  const colours = THEME_COLOURS[card.theme];
  const room = roomLines(card.roomName);
  const shown = card.rows.slice(0, MAX_ROWS);
  const more = card.rows.length - shown.length;
  const rows = shown.map((row, index) => {
    const y = 430 + index * 46;
    const chip =
      row.choice === null
        ? ''
        : `<rect x="330" y="${y - 30}" width="118" height="38" rx="19" fill="${row.choice === 'steal' ? '#ff2e63' : '#25d7c4'}"/>` +
          `<text x="389" y="${y - 2}" text-anchor="middle" font-size="26" fill="#0b0a1f">${row.choice === 'steal' ? 'STEAL' : 'SHARE'}</text>`;
    return (
      `<text x="64" y="${y}" font-size="32" fill="#ffffff">${escapeXml(clip(row.name, 14))}</text>` +
      chip +
      `<text x="620" y="${y}" text-anchor="end" font-size="32" fill="${row.pence > 0 ? '#ffd34d' : '#c9c3e6'}">${escapeXml(money(row.pence))}</text>`
    );
  });
  if (more > 0) {
    rows.push(
      `<text x="64" y="${430 + shown.length * 46}" font-size="26" fill="#c9c3e6">and ${more} more</text>`,
    );
  }
  const artImage = art
    ? `<image href="data:${art.type};base64,${art.bytes.toString('base64')}" x="500" y="0" width="700" height="630" preserveAspectRatio="xMidYMid slice"/>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="Luckiest Guy">`,
    '<defs>',
    `<radialGradient id="glow" cx="0.2" cy="0.25" r="0.45"><stop offset="0" stop-color="${colours.glow}" stop-opacity="0.55"/><stop offset="0.6" stop-color="${colours.mid}" stop-opacity="0.35"/><stop offset="1" stop-color="${colours.deep}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${colours.deep}" stop-opacity="1"/><stop offset="1" stop-color="${colours.deep}" stop-opacity="0"/></linearGradient>`,
    '</defs>',
    // The room's art on the right, faded into the theme's night on the left, where the words go.
    `<rect width="1200" height="630" fill="${colours.deep}"/>`,
    `<rect width="1200" height="630" fill="${colours.mid}" fill-opacity="0.5"/>`,
    artImage,
    `<rect x="500" y="0" width="320" height="630" fill="url(#fade)"/>`,
    `<rect x="0" y="0" width="500" height="630" fill="${colours.deep}"/>`,
    '<rect width="1200" height="630" fill="url(#glow)"/>',
    `<text x="64" y="78" font-size="30" fill="${colours.accent}" letter-spacing="3">RUTHLESS · THE RESULTS</text>`,
    ...room.lines.map(
      (line, index) =>
        `<text x="64" y="${84 + room.size * (index + 1)}" font-size="${room.size}" fill="#ffffff">${escapeXml(line)}</text>`,
    ),
    `<text x="64" y="236" font-size="28" fill="#ffe58a">THE POT</text>`,
    `<text x="64" y="316" font-size="84" fill="#ffd34d">${escapeXml(money(card.potPence))}</text>`,
    `<text x="64" y="372" font-size="32" fill="#ffffff">${escapeXml(OUTCOME_HEADLINE[card.outcome])}</text>`,
    ...rows,
    `<rect x="776" y="570" width="400" height="44" rx="22" fill="${colours.deep}" fill-opacity="0.8"/>`,
    `<text x="976" y="600" text-anchor="middle" font-size="22" fill="#ffffff">Free test event: no money moves.</text>`,
    '</svg>',
  ].join('');
}
