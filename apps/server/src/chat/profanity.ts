import {
  asteriskCensorStrategy,
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  pattern,
  RegExpMatcher,
  TextCensor,
} from 'obscenity';

// obscenity's English set, plus sound-alike spellings it does not know.
const dataset = new DataSet<{ originalWord?: string }>()
  .addAll(englishDataset)
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: 'fuck' })
      .addPattern(pattern`|phuck`)
      .addPattern(pattern`|phuk`)
      .addPattern(pattern`|phuq`)
      .addPattern(pattern`|fuq`),
  )
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'cunt' }).addPattern(pattern`|kunt`));

// Built once: the matcher compiles the whole word list.
const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());

// A word spelled out one letter at a time: three or more single letters, each after one space or
// punctuation mark ('f u c k', 'f.u.c.k', 'f-u-c-k', 'f_u_c_k'). obscenity's own
// skipNonAlphabeticTransformer would also join whole words ('a ss', 'it is hit') and loses the
// word boundaries its patterns need, so the letters of such a run are read as one word instead.
const SPELLED_OUT = /(?<![\p{L}\p{N}])\p{L}(?:[\s\p{P}]\p{L}){2,}(?![\p{L}\p{N}])/gu;
const LETTER = /\p{L}/gu;

/**
 * The text with every profane word as asterisks: obscenity's English set with its l33t and
 * look-alike letters, words spelled out letter by letter ('f u c k', 'f.u.c.k'), and sound-alikes
 * ('phuck', 'kunt').
 */
export function maskProfanity(text: string): string {
  const spelled = text.replace(SPELLED_OUT, (run) =>
    matcher.hasMatch(run.match(LETTER)!.join('')) ? '*'.repeat(run.length) : run,
  );
  const matches = matcher.getAllMatches(spelled, true);
  return matches.length ? censor.applyTo(spelled, matches) : spelled;
}
