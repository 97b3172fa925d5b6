import { z } from 'zod';
import { NAME_MAX_LENGTH } from './auth-messages';
import {
  MAX_COMBINING_MARKS,
  hasControlCharacters,
  hasVisibleLetterOrDigit,
  longestMarkRun,
  withMarksCapped,
  withoutControlCharacters,
} from './text-rules';

/**
 * A person's first, last or whole name, wherever it enters (the sign-up form, the account's
 * `name` at sign-up and update, `POST /api/operator/auth`): the chat name's character rules
 * (./text-rules.ts), since names reach the host's lists, mails and the data download, plus the
 * chat message's cap on stacked accents. A name may be left empty; one given must show a letter
 * or a digit. `label` starts each message ('First name', or the field's own name on the API).
 */
export const nameCharactersMessage = (label: string) => `${label} contains characters that are not allowed.`;
export const nameVisibleMessage = (label: string) => `${label} must contain a letter or a digit.`;
export const nameMarksMessage = (label: string) =>
  `${label} can have at most ${MAX_COMBINING_MARKS} accents on one letter.`;

export function personName(label: string, maxLength = NAME_MAX_LENGTH) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, { error: `${label} cannot be more than ${maxLength} characters`, abort: true })
    .refine((value) => !hasControlCharacters(value), { error: nameCharactersMessage(label), abort: true })
    .refine((value) => value === '' || hasVisibleLetterOrDigit(value), {
      error: nameVisibleMessage(label),
      abort: true,
    })
    .refine((value) => longestMarkRun(value) <= MAX_COMBINING_MARKS, { error: nameMarksMessage(label) });
}

/** Cuts a word to at most `maxLength` UTF-16 units without splitting a code point. */
function cut(word: string, maxLength: number): string {
  let kept = '';
  for (const character of word) {
    if (kept.length + character.length > maxLength) break;
    kept += character;
  }
  // A joiner cut from the pictograph after it would be one the rules refuse.
  return kept.replace(/\u200d+$/u, '');
}

/**
 * A name someone else gave us (Google's `name` claim) made to pass personName's rules rather
 * than refused: the person cannot change it at Google from our sign-in page, and a refusal
 * would lock them out (or fail the account's creation). Control and format characters go (line
 * breaks and tabs become spaces; an emoji joiner between pictographs stays), accents beyond the
 * cap go, and words that show no letter or digit go: the app splits the name at spaces into
 * first and last name (complete-sign-in.ts), and each part must pass on its own. Each word is cut
 * to NAME_MAX_LENGTH and the whole to `maxLength`. It can come out empty, which a name may be.
 */
export function cleanPersonName(name: unknown, maxLength = 2 * NAME_MAX_LENGTH + 1): string {
  if (typeof name !== 'string') return '';
  const words = withMarksCapped(withoutControlCharacters(name))
    .split(/\s+/)
    .map((word) => cut(word, NAME_MAX_LENGTH))
    .filter(hasVisibleLetterOrDigit);
  let cleaned = '';
  for (const word of words) {
    const next = cleaned ? `${cleaned} ${word}` : word;
    if (next.length > maxLength) break;
    cleaned = next;
  }
  return cleaned;
}
