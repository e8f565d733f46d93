/**
 * "a" or "an" before a word, by how the word is said rather than how it is
 * spelt: "an Apprentice", "an Advanced Senior Stylist", "a Junior Stylist",
 * "a Uni-trained stylist", "an hour". Pure: used by pages and emails alike.
 */

/** Words spelt with a vowel that are said with a consonant ("a Uni…", "a one-off", "a European"). */
const SAID_WITH_A_CONSONANT = /^(uni|use|usu|ura|uro|eu|ewe|one\b|once\b|ufo)/i;
/** Words spelt with a consonant that are said with a vowel ("an hour", "an honest", "an heir"). */
const SAID_WITH_A_VOWEL = /^(hour|honest|honou?r|heir)/i;

/** The article for the word that follows it: "a" or "an". */
export function indefiniteArticle(next: string): "a" | "an" {
  const word = next.trim();
  if (word === "") return "a";
  if (SAID_WITH_A_VOWEL.test(word)) return "an";
  if (SAID_WITH_A_CONSONANT.test(word)) return "a";
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** "Apprentice" → "an Apprentice"; "Graduate Stylist" → "a Graduate Stylist". */
export function withArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase}`;
}
