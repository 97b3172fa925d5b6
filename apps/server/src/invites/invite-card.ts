import { CARD_HEIGHT, CARD_WIDTH, escapeXml } from '../share/share-card';

/** Who the card names when the inviter has no chat name yet. */
export const NO_CHAT_NAME = 'A friend';

/** The balls on the right of the card: a bingo night in five numbers. */
const BALLS = [
  { x: 930, y: 190, r: 96, n: '7', fill: '#ff2e63' },
  { x: 1085, y: 330, r: 78, n: '22', fill: '#25d7c4' },
  { x: 880, y: 420, r: 84, n: '45', fill: '#ffd34d' },
  { x: 1060, y: 530, r: 58, n: '90', fill: '#7fb2ff' },
  { x: 1100, y: 120, r: 50, n: '13', fill: '#b07cff' },
];

/**
 * An invite's card as SVG text (1200x630, drawn by share/card-fonts.ts like the results' card):
 * the inviter's chat name, escaped, and the show's promise. Only the chat name: never an email,
 * a first or a last name.
 */
export function inviteCardSvg(chatName: string | null): string {
  const name = chatName ?? NO_CHAT_NAME;
  // A chat name has at most 10 characters; 'A friend' has 8.
  const size = [...name].length <= 7 ? 120 : 96;
  const balls = BALLS.map(
    (ball) =>
      `<circle cx="${ball.x}" cy="${ball.y}" r="${ball.r}" fill="${ball.fill}"/>` +
      `<circle cx="${ball.x}" cy="${ball.y}" r="${Math.round(ball.r * 0.62)}" fill="#ffffff"/>` +
      `<text x="${ball.x}" y="${ball.y + Math.round(ball.r * 0.25)}" text-anchor="middle" font-size="${Math.round(ball.r * 0.7)}" fill="#0b0a1f">${ball.n}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="Luckiest Guy">`,
    '<defs>',
    '<radialGradient id="glow" cx="0.25" cy="0.3" r="0.6"><stop offset="0" stop-color="#3d6bff" stop-opacity="0.6"/><stop offset="0.6" stop-color="#13248f" stop-opacity="0.35"/><stop offset="1" stop-color="#050a33" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="spot" cx="0.8" cy="0.5" r="0.45"><stop offset="0" stop-color="#ffd34d" stop-opacity="0.35"/><stop offset="1" stop-color="#ffd34d" stop-opacity="0"/></radialGradient>',
    '</defs>',
    '<rect width="1200" height="630" fill="#050a33"/>',
    '<rect width="1200" height="630" fill="url(#glow)"/>',
    '<rect width="1200" height="630" fill="url(#spot)"/>',
    ...balls,
    '<text x="64" y="96" font-size="32" fill="#7fb2ff" letter-spacing="3">RUTHLESS · YOU ARE INVITED</text>',
    `<text x="64" y="${150 + size}" font-size="${size}" fill="#ffd34d">${escapeXml(name)}</text>`,
    `<text x="64" y="${210 + size}" font-size="52" fill="#ffffff">invites you to play</text>`,
    `<text x="64" y="${290 + size}" font-size="34" fill="#c9c3e6">Free live bingo game shows</text>`,
    `<text x="64" y="${336 + size}" font-size="34" fill="#c9c3e6">on your phone</text>`,
    '<rect x="64" y="540" width="360" height="56" rx="28" fill="#ffd34d"/>',
    '<text x="244" y="579" text-anchor="middle" font-size="30" fill="#2a1402">JOIN THE SHOW</text>',
    '</svg>',
  ].join('');
}
