/**
 * The words a salon changes in the studio that the site also knows by heart
 * (the forms' thanks, the price calculator's step introductions):
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

export const CODE_WORD_KEYS = [
  "thanks.joinus.heading",
  "thanks.joinus.body",
  "thanks.models.heading",
  "thanks.models.body",
  "thanks.messages.heading",
  "thanks.messages.body",
  "thanks.open-evening.heading",
  "thanks.open-evening.body",
  "thanks.feedback.heading",
  "thanks.feedback.body",
  "calculator.stylist",
  "calculator.level",
  "calculator.colour",
  "calculator.colourAddOn",
  "calculator.plex",
  "calculator.finish",
  "calculator.finishAddOn",
  "calculator.treatment",
  "calculator.mensCut",
  "calculator.mensColour",
] as const satisfies readonly (`thanks.${ThankedForm}.${"heading" | "body"}` | `calculator.${IntroducedStep}`)[];
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
