import {
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
  RegExpMatcher,
  TextCensor,
} from 'obscenity';

// Built once: the matcher compiles the whole English word list.
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

/** The text with every profane word (including l33t and spaced-out spellings) as asterisks. */
export function maskProfanity(text: string): string {
  const matches = matcher.getAllMatches(text, true);
  return matches.length ? censor.applyTo(text, matches) : text;
}
