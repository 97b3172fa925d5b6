import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of a chat name (Unicode TR39, with unhomoglyph's copy of
 * confusables.txt; NFKD where TR39 says NFD, so every fullwidth and styled letter folds too),
 * then folded to lower case and mapped once more, so 'B0b', 'Bоb' (Cyrillic о), 'Ｂob'
 * (fullwidth) and 'BOB' share one with 'bob'.
 * TR39 maps a capital I to l, which folding case first would lose, so i and l count as one
 * letter ('AIice' looks like 'Alice'). Names with the same skeleton look alike: only one player
 * of an operator may take it. Never shown to anyone.
 */
export function aliasSkeleton(alias: string): string {
  const skeleton = (text: string) =>
    unhomoglyph(text.replace(IGNORABLE, '').normalize('NFKD')).normalize('NFKD');
  return skeleton(skeleton(alias).toLowerCase()).toLowerCase().replaceAll('i', 'l');
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
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
