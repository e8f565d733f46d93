/**
 * The price calculator's words under each step's heading: the code's own,
 * which a salon can replace from the studio's Words page (site-copy.yaml
 * `words`, `calculator.{step}`). Client-safe.
 */
import type { Step } from "./calculator-state";

export const STEP_INTROS = {
  stylist: "Choose who you'd like to see, or read about them first.",
  level: "Choose the salon you'd like to visit and the level of stylist. The more experienced the stylist, the higher the price.",
  colour: "Choose the kind of colour you're after.",
  colourAddOn: "A toner or gloss finishes your colour and keeps it fresh for longer.",
  plex: "A bond-building formula mixed into your colour protects your hair while it lightens.",
  // The cutting flow's words for this step are the calculator page's own.
  finish: "Every colour ends with a cut or a finish. Choose yours.",
  finishAddOn: "Something extra to finish the look?",
  treatment: "A deep treatment for dry or tired hair, added to your appointment.",
  mensCut: "Choose your cut.",
  mensColour: "A colour blend softens grey and adds depth.",
} as const satisfies Partial<Record<Step, string>>;

export type IntroducedStep = keyof typeof STEP_INTROS;
