/**
 * What a salon may say about a stylist's sample portrait in
 * content/stylists.yaml (`portrait: { hair: bob, colour: copper, skin: 3 }`);
 * whatever it leaves out is chosen from the slug. Only `npm run
 * sample-pictures` reads it (scripts/sample-pictures/): the site shows the
 * picture file. Part of the content's format, so it is checked at start like
 * every other field. Skin tones run from 1 (lightest) to 6 (deepest).
 */
import { z } from "zod";

export const hairstyles = ["long", "waves", "bob", "curls", "bun", "ponytail", "pixie", "crop", "coils"] as const;
export type Hairstyle = (typeof hairstyles)[number];

export const hairColourNames = ["espresso", "chestnut", "copper", "honey", "ash blonde", "black", "rose", "silver", "plum"] as const;
export type HairColourName = (typeof hairColourNames)[number];

export const SKIN_TONES = 6;

export const portraitHintsSchema = z
  .object({
    hair: z.enum(hairstyles).optional(),
    colour: z.enum(hairColourNames).optional(),
    skin: z.number().int().min(1).max(SKIN_TONES).optional(),
    beard: z.boolean().optional(),
    glasses: z.boolean().optional(),
  })
  .strict();
export type PortraitHints = z.infer<typeof portraitHintsSchema>;
