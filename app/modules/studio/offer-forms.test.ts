import { describe, expect, it } from "vitest";
import { offerCreateSchema, offerPatchSchema } from "./studio-forms";

describe("the offer's API and form bodies", () => {
  const text = "Ten per cent off any up-do booked for a wedding this summer.";
  it("take the audience, the services by id or category name, and the small print", () => {
    const parsed = offerCreateSchema.parse({ title: "Up-dos", percent: 10, text, services: [17, "Colour", "17"], small_print: "Weddings only." });
    expect(parsed).toMatchObject({ audience: "everyone", services: [17, "colour"], small_print: "Weddings only." });
    expect(offerPatchSchema.parse({ services: "5" })).toEqual({ services: [5] });
    expect(offerPatchSchema.parse({ percent: 10 })).toEqual({ percent: 10 });
    expect(offerCreateSchema.safeParse({ title: "Up-dos", percent: 10, text, audience: "vip" }).success).toBe(false);
    expect(offerCreateSchema.safeParse({ title: "Up-dos", percent: 10, text, services: ["perms"] }).success).toBe(false);
  });
});
