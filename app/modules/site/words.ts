/**
 * The words a salon changes in the studio that the site also knows by heart
 * (the forms' thanks, the price calculator's step introductions, the
 * greeting, first lines and sign-offs of the emails visitors get):
 * a sentence of the code is the default, and site-copy.yaml's `words` (keyed
 * below) replaces it when set. Unset, the code's words stand, so a new
 * default in the code reaches every salon that kept it. Client-safe.
 */
/** The landing page's sections whose words the studio edits (site-copy.yaml `landing`). */
export const LANDING_SECTIONS = ["about", "team", "price", "blog", "offers", "joinus", "models", "contact"] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

/** The forms whose thanks a salon can reword: what a visitor reads once their form is sent. */
export const THANKED_FORMS = ["joinus", "models", "messages", "open-evening", "feedback"] as const;
export type ThankedForm = (typeof THANKED_FORMS)[number];

/** The price calculator's steps that have words under their heading (app/modules/pricing/step-intros.ts). */
export const INTRODUCED_STEPS = ["stylist", "level", "colour", "colourAddOn", "plex", "finish", "finishAddOn", "treatment", "mensCut", "mensColour"] as const;
type IntroducedStep = (typeof INTRODUCED_STEPS)[number];

/**
 * The emails' own words (the quote's email, an applicant's thank-you): the
 * code's, until the salon writes its own. The greeting may name the visitor
 * with {{first_name}}; no other placeholder is filled in.
 */
export const EMAIL_WORD_DEFAULTS = {
  "email.greeting": "Hi {{first_name}},",
  "email.quote.opening": "Thanks for building a quote with us.",
  "email.quote.signoff": "See you soon,",
  "email.joinus.next":
    "One application covers all three of our salons, so there is no need to apply again to our sister salons. Our education team reads every application themselves, usually within two weeks, and we will get back to you by email either way.",
  "email.joinus.signoff": "Best wishes,",
} as const satisfies Record<`email.${string}`, string>;
export type EmailWordKey = keyof typeof EMAIL_WORD_DEFAULTS;

/** Every key of words the code knows: each form's thanks (heading, body), each calculator step's introduction, the emails' words. */
export const CODE_WORD_KEYS = [
  ...THANKED_FORMS.flatMap((form) => [`thanks.${form}.heading`, `thanks.${form}.body`] as const),
  ...INTRODUCED_STEPS.map((step) => `calculator.${step}` as const),
  ...(Object.keys(EMAIL_WORD_DEFAULTS) as EmailWordKey[]),
];
export type CodeWordKey = (typeof CODE_WORD_KEYS)[number];

export type CodeWords = Partial<Record<CodeWordKey, string>>;

/** A form's thanks: the salon's words where set, the code's otherwise. */
export function thanksFor(words: CodeWords | undefined, form: ThankedForm, defaults: { heading: string; body: string }) {
  return {
    heading: words?.[`thanks.${form}.heading`] ?? defaults.heading,
    body: words?.[`thanks.${form}.body`] ?? defaults.body,
  };
}

/** A calculator step's words: the salon's where set, the code's otherwise. */
export function stepIntroFor<S extends IntroducedStep>(words: CodeWords | undefined, step: S, defaults: Record<S, string>): string {
  return words?.[`calculator.${step}`] ?? defaults[step];
}

/** The one placeholder the emails' words may use: the visitor's first name, in the greeting. */
export const FIRST_NAME_PLACEHOLDER = "{{first_name}}";

/** What is wrong with a salon's words for an email key (a placeholder it cannot fill), or null. */
export function emailWordsProblem(key: CodeWordKey, text: string): string | null {
  if (!key.startsWith("email.")) return null;
  const placeholders = text.match(/\{\{[^}]*\}\}/g) ?? [];
  const allowed = key === "email.greeting" ? [FIRST_NAME_PLACEHOLDER] : [];
  const unknown = placeholders.find((p) => !allowed.includes(p));
  if (!unknown) return null;
  return key === "email.greeting" ? `The greeting can only fill in ${FIRST_NAME_PLACEHOLDER}, not ${unknown}` : `These words cannot fill in ${unknown}: write them out`;
}

/** The emails' words, the salon's where set, with the greeting's placeholder left for each email to fill. */
export function emailWordsFor(words: CodeWords | undefined): Record<EmailWordKey, string> {
  return Object.fromEntries(Object.entries(EMAIL_WORD_DEFAULTS).map(([key, value]) => [key, words?.[key as EmailWordKey] ?? value])) as Record<EmailWordKey, string>;
}

/** The greeting of an email to `firstName`, in the salon's words. */
export function greetingFor(words: Readonly<Record<`email.${string}`, string>>, firstName: string): string {
  return (words["email.greeting"] ?? EMAIL_WORD_DEFAULTS["email.greeting"]).replaceAll(FIRST_NAME_PLACEHOLDER, firstName);
}
