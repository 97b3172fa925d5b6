/**
 * What people type that others see (chat names, chat messages): characters that would garble
 * the screen or hide are refused. Bidi overrides flip the text around them, zero-width and
 * control characters hide inside a word or a look-alike name, fillers such as U+3164 and the
 * braille blank show nothing, and stacked combining marks spill over the lines around them.
 */

// Control, format and line/paragraph separators: U+202E, U+200B, BEL, ESC, a soft hyphen ...
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const EVERY_CONTROL = new RegExp(CONTROL.source, 'gu');
// A zero-width joiner between two pictographs builds one emoji (a family, a rainbow flag).
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\p{M}*)\u200d(?=\p{Extended_Pictographic})/gu;
// Shows nothing: spaces, default-ignorable code points (U+3164, U+FFA0, variation selectors),
// marks alone, and the blank braille pattern.
const BLANK = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MARK_RUN = /\p{M}+/gu;

/** Combining marks one character may carry: enough for any script's accents, not for a tower. */
export const MAX_COMBINING_MARKS = 4;

/** True when the text holds a control or invisible formatting character (emoji joiners aside). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text.replace(EMOJI_JOINER, ''));
}

/** True when at least one character shows something. */
export function hasVisibleCharacter(text: string): boolean {
  for (const character of text) if (!BLANK.test(character)) return true;
  return false;
}

/**
 * The text without its control and invisible formatting characters, for text someone else gave
 * us, cleaned rather than refused: line breaks and tabs become spaces, and a joiner between two
 * pictographs (one emoji) stays.
 */
export function withoutControlCharacters(text: string): string {
  const joiners = new Set([...text.matchAll(EMOJI_JOINER)].map((match) => match.index));
  return text.replace(EVERY_CONTROL, (character, offset: number) =>
    /\s/u.test(character) ? ' ' : joiners.has(offset) ? character : '',
  );
}

/** The text with each character's combining marks cut to MAX_COMBINING_MARKS. */
export function withMarksCapped(text: string): string {
  return text.replace(MARK_RUN, (run) => [...run].slice(0, MAX_COMBINING_MARKS).join(''));
}

/** True when a visible letter or digit is among the characters (U+3164 is a letter that shows nothing). */
export function hasVisibleLetterOrDigit(text: string): boolean {
  for (const character of text) if (LETTER_OR_DIGIT.test(character) && !BLANK.test(character)) return true;
  return false;
}

/** The most combining marks stacked on one character. */
export function longestMarkRun(text: string): number {
  let longest = 0;
  for (const [run] of text.matchAll(MARK_RUN)) longest = Math.max(longest, [...run].length);
  return longest;
}
