import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { pageNames } from "~/modules/site/site-copy.server";
import routes from "../../routes";

const flatten = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

describe("the Markdown page route", () => {
  const registered = flatten(routes).filter((entry) => entry.file === "routes/public/markdown-page.tsx");

  it("is registered only at addresses that name a page in content/pages", () => {
    expect(registered.length).toBeGreaterThan(0);
    for (const entry of registered) expect(pageNames).toContain(entry.path);
  });

  it("has a distinct id at each address", () => {
    const ids = registered.map((entry) => entry.id);
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
