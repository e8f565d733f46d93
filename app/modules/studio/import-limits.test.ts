import path from "node:path";
import { describe, expect, it } from "vitest";
import { readContentDir } from "~/modules/site/content-files.server";
import { studioLimitProblems } from "./import-limits";

const fixture = () => readContentDir(path.resolve("tests/fixtures/content"));
const post = (body: string, title = "Open evening") => `---\ntitle: ${title}\nauthor: Morgan\ndate: 2026-03-01\n---\n\n${body}\n`;

describe("finding: npm run content -- import takes a 60 MB post (the studio's limits)", () => {
  it("finds nothing to refuse in the fixture salon's content or the shipped content", () => {
    expect(studioLimitProblems(fixture())).toEqual([]);
    expect(studioLimitProblems(readContentDir(path.resolve("content")))).toEqual([]);
  });

  it.each([
    ["a post of 20,001 characters", "blog/long.md", post("a".repeat(20_001)), "content/blog/long.md (body): Please keep a post to 20,000 characters or fewer"],
    ["a post's title of 121 characters", "blog/titled.md", post("Words.", "t".repeat(121)), "content/blog/titled.md (title): Please keep the title to 120 characters or fewer"],
    [
      "a service's name of 81 characters",
      "services.yaml",
      `- { id: 1, service: ${"s".repeat(81)}, price: 18, product_price: 0, cat1: 1, cat2: 0, minutes: 45 }\n`,
      "content/services.yaml, service 1 (service): Please keep the name to 80 characters or fewer",
    ],
    [
      "a chair time of 601 minutes",
      "services.yaml",
      "- { id: 1, service: Cut, price: 18, product_price: 0, cat1: 1, cat2: 0, minutes: 601 }\n",
      "content/services.yaml, service 1 (minutes): The chair time is at most 600 minutes (10 hours)",
    ],
    [
      "an offer's words of 3,001 characters",
      "offers.yaml",
      `offers:\n  - slug: long\n    title: Long offer\n    headline: 20% off\n    body:\n      - ${"w".repeat(3001)}\n`,
      "content/offers.yaml, long (text): Please keep the words to 3,000 characters or fewer",
    ],
  ])("refuses %s", (_what, file, text, problem) => {
    const files = new Map(fixture()).set(file, text);
    expect(studioLimitProblems(files)).toContain(problem);
  });

  it("takes a post of exactly 20,000 characters", () => {
    expect(studioLimitProblems(new Map(fixture()).set("blog/long.md", post("a".repeat(20_000))))).toEqual([]);
  });
});
