/**
 * Facts that more than one page states (content/facts.yaml): the apprentices'
 * diplomas, what a level's experience is, how long a referral voucher lasts,
 * which treatments the salon offers. Each is said once, in the file, and pages
 * say it through its {{token}}; each also has a pattern that finds any sentence
 * stating it, so a copy typed by hand that says something else is caught: the
 * tests read every public page and fail on a contradiction
 * (tests/support/fact-check.ts). Pure.
 */
import { z } from "zod";

const regex = z.string().superRefine((source, ctx) => {
  try {
    const compiled = new RegExp(source, "giu");
    if (!/\(\?<value>/.test(compiled.source)) ctx.addIssue({ code: "custom", message: "the pattern needs a (?<value>…) group: the words that state the fact" });
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `not a regular expression: ${(error as Error).message}` });
  }
});

export const factSchema = z
  .object({
    /** What the fact is about, in the words of an error message. */
    about: z.string().min(1),
    /** The fact, as pages say it through its {{token}}. */
    says: z.string().min(1).optional(),
    /** For a fact that is a set (the treatments offered): each thing a page may name. */
    oneOf: z.array(z.string().min(1)).min(1).optional(),
    /** Finds a statement of the fact on a page (case aside); its `value` group must agree with `says` or `oneOf`. */
    pattern: regex,
    /** Words the pattern may catch that state nothing ("the treatment", "your treatment"). */
    ignore: z.array(z.string()).default([]),
  })
  .strict()
  .refine((f) => (f.says === undefined) !== (f.oneOf === undefined), { message: "give either says or oneOf" });

/** The file: each fact under the {{token}} name pages use for it. The join-us page (words in code) states the apprentices' diplomas. */
export const factsSchema = z
  .object({ apprenticeDiplomas: factSchema.refine((f) => f.says !== undefined, { message: "say the diplomas: says" }) })
  .catchall(factSchema)
  .superRefine((facts, ctx) => {
    for (const name of Object.keys(facts)) {
      if (!/^[a-z][a-zA-Z]*$/.test(name)) ctx.addIssue({ code: "custom", path: [name], message: "a fact's name is its {{token}}: letters only" });
    }
  });
export type Facts = z.output<typeof factsSchema>;
export type Fact = z.output<typeof factSchema>;
type AnyFacts = Readonly<Record<string, Fact>>;

/** The {{tokens}} the facts give the content's words. */
export function factTokens(facts: AnyFacts): Record<string, string> {
  return Object.fromEntries(Object.entries(facts).flatMap(([name, f]) => (f.says === undefined ? [] : [[name, f.says]])));
}
