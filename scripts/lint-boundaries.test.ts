/**
 * The layers hold because `npm run lint` fails on an import across a
 * forbidden boundary (eslint.config.js, docs/decisions/0008-layers.md). These
 * cases lint a one-line file in each layer with ESLint's own API, so a change
 * to the configuration that lets a forbidden import through fails here.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "..") });

/** The messages of the import rules for `code` as if it were the file at `filePath`. */
async function importProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport { x };\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "@typescript-eslint/no-restricted-imports" || m.fatal)
    .map((m) => m.message);
}

const cases: { file: string; forbidden: string[]; allowed: string[] }[] = [
  {
    file: "app/.server/outbox/example.server.ts",
    forbidden: [
      'import { x } from "~/modules/site/load-content.server";',
      'import { x } from "~/routes/main";',
      'import { x } from "~/components/page";',
      'import { x } from "~/web/context";',
      'import { x } from "../../modules/pricing/pricing";',
      'import type { x } from "~/web/services";',
    ],
    allowed: ['import { x } from "../db/schema";', 'import { x } from "~/utils/phone";', 'import { x } from "kysely";'],
  },
  {
    file: "app/modules/quotes/example.server.ts",
    forbidden: [
      'import { x } from "react-router";',
      'import type { x } from "react-router";',
      'import { x } from "~/web/context";',
      'import { x } from "~/routes/quote";',
      'import { x } from "~/components/page";',
      'import { x } from "../../web/page-context.server";',
    ],
    allowed: [
      'import { x } from "~/.server/outbox/outbox.server";',
      'import { x } from "~/modules/catalogue/catalogue.server";',
      'import { x } from "../pricing/pricing";',
      'import { x } from "~/utils/money";',
    ],
  },
  {
    file: "app/web/example.server.ts",
    forbidden: ['import { x } from "~/routes/main";', 'import { x } from "~/components/page";'],
    allowed: [
      'import { x } from "react-router";',
      'import { x } from "~/modules/site/site-copy.server";',
      'import { x } from "~/.server/rate-limit.server";',
      'import { x } from "./context";',
    ],
  },
  {
    file: "app/components/example.tsx",
    forbidden: [
      'import { x } from "~/modules/catalogue/catalogue.server";',
      'import { x } from "~/.server/config.server";',
      'import { x } from "./thing.server";',
      'import { x } from "~/web/page-context.server";',
    ],
    allowed: [
      'import type { x } from "~/modules/site/site-copy.server";',
      'import { type x } from "~/modules/site/blog.server";',
      'import { x } from "~/modules/pricing/pricing";',
      'import { x } from "react-router";',
      'import { x } from "./picture";',
    ],
  },
  {
    file: "app/utils/example.ts",
    forbidden: ['import { x } from "~/modules/pricing/pricing";', 'import { x } from "~/.server/config.server";'],
    allowed: ['import { x } from "date-fns";', 'import { x } from "./money";'],
  },
];

describe("layer boundaries in lint", () => {
  // ESLint loads its configuration and parsers on the first file: seconds on a busy machine, once.
  beforeAll(() => importProblems("app/utils/example.ts", 'import { x } from "./money";'), 60_000);

  for (const { file, forbidden, allowed } of cases) {
    describe(file.split("/").slice(0, 2).join("/"), () => {
      it.each(forbidden)("refuses %s", async (code) => {
        const problems = await importProblems(file, code);
        expect(problems.length).toBeGreaterThan(0);
        for (const problem of problems) expect(problem).not.toMatch(/parsing error/i);
      });
      it.each(allowed)("allows %s", async (code) => {
        expect(await importProblems(file, code)).toEqual([]);
      });
    });
  }

  it("lets routes load data from *.server modules and the request glue", async () => {
    const code = 'import { x } from "~/modules/catalogue/catalogue.server";\nimport { y } from "~/web/page-context.server";\nexport { y };';
    expect(await importProblems("app/routes/example.tsx", code)).toEqual([]);
  });
});
