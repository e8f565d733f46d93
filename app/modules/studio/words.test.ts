import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deferredTokens } from "~/modules/site/fill-tokens";
import { applyChanges } from "./changes";
import { codeWordRows, COPY_FILE, landingRows, planCodeWord, planLanding, SITE_TOKENS, siteTokens } from "./words";

const fixture = new Map(["site-copy.yaml", "offers.yaml", "facts.yaml", "settings.yaml"].map((file) => [file, fs.readFileSync(path.join("tests/fixtures/content", file), "utf8")]));

describe("placeholders in words on the words page", () => {
  it("knows every placeholder the site fills in, and the salon's own claims and facts", () => {
    const settingsNames = ["name", "shortName", "town", "phone", "email", "address", "endDate", "booking", "skinTest", "giftCards", "shop", "referral"];
    expect(SITE_TOKENS).toEqual(expect.arrayContaining([...settingsNames, ...Object.keys(deferredTokens), "quoteCode"]));
    const tokens = siteTokens(fixture);
    expect(tokens).toEqual(expect.arrayContaining(["apprenticeDiplomas", "graduateExperience"]));
    expect(tokens.filter((t) => t.endsWith("Before")).length).toBeGreaterThan(0);
  });

  it("shows the files' tokens as words and saves the words as the tokens", () => {
    const about = landingRows(fixture).find((row) => row.section === "about")!;
    expect(about.body.join(" ")).toContain("[salon name]");
    expect(about.body.join(" ")).not.toContain("{{");
    expect(about.placeholders.map((w) => w.word)).toEqual(expect.arrayContaining(["salon name", "town", "phone number"]));
    const planning = planLanding(fixture, { section: "about", heading: about.heading, body: [...about.body, "Find us in [Town] [sic]."], button: about.button });
    if ("kind" in planning) throw new Error(planning.message);
    const after = applyChanges(fixture, planning.planned.changes);
    expect(after.get(COPY_FILE)).toContain("Find us in {{town}} [sic].");
    expect(after.get(COPY_FILE)).toContain("Every visit to {{name}}");
  });

  it("the emails' greeting knows only the first name", () => {
    const greeting = codeWordRows(fixture).flatMap((group) => group.rows).find((row) => row.key === "email.greeting")!;
    expect(greeting.default).toBe("Hi [first name],");
    expect(greeting.placeholders).toEqual([{ token: "first_name", word: "first name" }]);
    expect(JSON.stringify(planCodeWord(fixture, "email.greeting", "Hello [first name] from [town]").planned.changes)).toContain("Hello {{first_name}} from [town]");
  });
});
