import type { Genre } from './demo-identity.ts';

// Initialisms are said letter by letter: "an EDM act", "an R&B act", but "a DJ". These letters'
// names start with a vowel sound.
const INITIALISM = /^[A-Z&]{2,}\b/;
const VOWEL_NAMED_LETTER = /^[AEFHILMNORSX]/;

/** "an indie act", "a rock act", "an EDM act": the article by the sound that follows it. */
export function withArticle(phrase: string): string {
  const vowelSound = INITIALISM.test(phrase)
    ? VOWEL_NAMED_LETTER.test(phrase)
    : /^[aeiou]/i.test(phrase);
  return `${vowelSound ? 'an' : 'a'} ${phrase}`;
}

/**
 * A genre as a word inside a sentence: lower case ("indie"), initialisms kept ("EDM", "R&B"),
 * and 'Other', which is no style anyone plays, as "eclectic".
 */
export function genreWord(genre: Genre): string {
  if (genre === 'Other') return 'eclectic';
  return INITIALISM.test(genre) ? genre : genre.toLowerCase();
}

/** The first letter in capitals, for a phrase that opens a sentence. */
export function capitalise(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
