import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { newsAddFormSchema, newsEditFormSchema } from "~/modules/site-switches/site-forms";
import { offerCreateFormSchema, offerPatchFormSchema, offerPatchSchema } from "./studio-forms";

describe("finding: emptying the Publish at box did not publish at once", () => {
  // Conform leaves an empty box out of what it reads: the forms must still take it as "no schedule".
  it.each([
    ["the offer's edit form", offerPatchFormSchema],
    ["the offer's add form", offerCreateFormSchema],
    ["the news item's edit form", newsEditFormSchema],
    ["the news item's add form", newsAddFormSchema],
  ] as const)("%s reads an empty box as null", (_, schema) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: schema === newsEditFormSchema ? "news-edit" : "news-add", slug: "gloss", title: "Gloss week", percent: "15", text: "Fifteen per cent off any gloss with a cut and blow-dry, for first visits.", publish_at: "" })) form.set(name, value);
    const submission = parseWithZod(form, { schema });
    expect(submission.status === "success" ? submission.value.publish_at : submission.error).toBeNull();
  });

  it("leaves the API's publish_at alone when it is not given", () => {
    expect(offerPatchSchema.parse({ title: "Gloss week" }).publish_at).toBeUndefined();
  });
});
