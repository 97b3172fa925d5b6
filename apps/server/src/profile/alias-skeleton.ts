import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of a chat name (Unicode TR39, with unhomoglyph's copy of
 * confusables.txt; NFKD where TR39 says NFD, so every fullwidth and styled letter folds too),
 * then folded to lower case and mapped once more, so 'B0b', 'Bоb' (Cyrillic о), 'Ｂob'
 * (fullwidth) and 'BOB' share one with 'bob'.
 * TR39 maps a capital I to l, which folding case first would lose, so i and l count as one
 * letter ('AIice' looks like 'Alice'). Names with the same skeleton look alike: only one player
 * of an operator may take it. Never shown to anyone.
 * TR39 keeps what it does not call the same character apart; a chat name is 3 to 10 characters
 * read at a glance beside a message, so these count as one too (issue 40): accents and overlays
 * ('Bób', 'B̸ob' and Greek 'ηina', which TR39 makes n with a mark below), spaces and blanks
 * inside ('Bo b' with a hair space), small capitals ('ʙᴏʙ', Cyrillic 'вen', 'тoby' and 'мia', which
 * TR39 makes small capitals) and vv for w. Kept in player_profiles.alias_skeleton: a change
 * here needs a migration that clears the column (0023), so start-up computes it again.
 */
export function aliasSkeleton(alias: string): string {
  const skeleton = (text: string) =>
    unhomoglyph(text.replace(INVISIBLE, '').normalize('NFKD')).normalize('NFKD').replace(DIACRITIC, '');
  const folded = skeleton(alias)
    .toLowerCase()
    .replace(SMALL_CAPITAL, (letter) => THEIR_LETTERS[SMALL_CAPITALS.indexOf(letter)]!);
  return skeleton(folded).toLowerCase().replaceAll('i', 'l').replaceAll('vv', 'w');
}

// Ignorable code points (zero-width characters, U+3164), spaces of any width and the braille blank.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{White_Space}\u2800]/gu;
// The combining marks every script shares (accents, overlays, enclosures); a script's own signs
// (a Devanagari vowel) make a different name and stay.
// eslint-disable-next-line no-misleading-character-class -- a class of marks alone, on purpose
const DIACRITIC = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;
// Small capitals (and the turned w TR39 makes of Cyrillic м), each above the letter it stands for.
const SMALL_CAPITALS = 'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢĸʍ';
const THEIR_LETTERS = 'abcdefghijklmnoprstuvwyzkm';
const SMALL_CAPITAL = new RegExp(`[${SMALL_CAPITALS}]`, 'gu');
const NOT_LETTER = /\P{L}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;

/** Words only staff may go by, in any case or look-alike spelling. */
export const STAFF_WORDS = ['host', 'admin', 'ruthless'];
const STAFF_SKELETONS = new Set(STAFF_WORDS.map((word) => aliasSkeleton(word)));

/**
 * True when the name reads as a staff word: 'Host', 'HOST', 'H0st' and 'Ηost' (Greek Η), with
 * digits or punctuation around it ('Host1', 'Admin!') too. 'Ghost' is fine.
 */
export function isStaffName(alias: string): boolean {
  const lettersOf = (text: string) =>
    aliasSkeleton(text.replace(NOT_LETTER_OR_DIGIT, '')).replace(NOT_LETTER, '');
  return [alias, alias.replace(/\p{N}/gu, '')].some((candidate) => STAFF_SKELETONS.has(lettersOf(candidate)));
}
