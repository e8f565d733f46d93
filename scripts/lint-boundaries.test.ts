/**
 * The layers hold because `npm run lint` fails on an import across a
 * forbidden boundary (eslint.config.js, docs/decisions/0008-layers.md). These
 * cases lint a one-line file in each layer with ESLint's own API, so a change
 * to the configuration that lets a forbidden import through fails here.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { moduleOrder } from "../eslint.config.js";

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
      'import { x } from "~/routes/public/index";',
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
      'import { x } from "~/routes/public/quote.$link";',
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
    forbidden: ['import { x } from "~/routes/public/index";', 'import { x } from "~/components/page";'],
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
    file: "app/routes/public/example.tsx",
    forbidden: [
      'import { x } from "~/modules/applicants/applicants.server";',
      'import { x } from "~/modules/studio/versions.server";',
      'import { x } from "~/components/staff/fold";',
      'import { x } from "~/routes/staff/staff";',
      'import { x } from "../staff/staff";',
    ],
    allowed: ['import { x } from "~/modules/quotes/quote-words";', 'import { x } from "~/components/page-shell";', 'import { x } from "~/web/page-context.server";'],
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
    expect(await importProblems("app/routes/staff/example.tsx", code)).toEqual([]);
  });
});

describe("the module order in lint", () => {
  beforeAll(() => importProblems("app/utils/example.ts", 'import { x } from "./money";'), 60_000);

  it.each([
    ["app/modules/site/example.ts", 'import { x } from "~/modules/applicants/format";'],
    ["app/modules/submissions/example.server.ts", 'import type { x } from "~/modules/inbox/inbox-kinds";'],
    ["app/modules/quotes/example.server.ts", 'import { x } from "../privacy/purge.server";'],
    ["app/modules/fields/example.ts", 'import { x } from "../../modules/staff/pin-rules";'],
  ])("refuses, in %s, an import from the public modules into the staff modules: %s", async (file, code) => {
    const problems = await importProblems(file, code);
    expect(problems).toEqual([expect.stringMatching(/public side: it never imports the staff modules/)]);
  });

  it("lets the staff modules build on the public ones", async () => {
    expect(await importProblems("app/modules/applicants/example.server.ts", 'import { x } from "~/modules/submissions/kinds";')).toEqual([]);
    expect(await importProblems("app/modules/inbox/example.ts", 'import { x } from "../applicants/applicant-views";')).toEqual([]);
  });

  // Each folder may import the one before it, never the one after: a cycle between any two folders, or round any number of them, needs an import up the order.
  const neighbours = moduleOrder.slice(1).map((upper, i) => [moduleOrder[i]!.name, upper.name] as const);
  it.each(neighbours)("refuses an import from %s up to %s (it would close a cycle), and allows the one down", async (lower, upper) => {
    const up = await importProblems(`app/modules/${lower}/example.ts`, `import { x } from "~/modules/${upper}/thing";`);
    expect(up.length).toBeGreaterThan(0);
    for (const problem of up) expect(problem).toMatch(/never imports the staff modules|would let the folders form a cycle/);
    expect(await importProblems(`app/modules/${upper}/example.ts`, `import { x } from "~/modules/${lower}/thing";`)).toEqual([]);
  });

  it("refuses a cycle however it is written: type imports and relative paths count", async () => {
    expect(await importProblems("app/modules/catalogue/example.ts", 'import type { x } from "~/modules/pricing/pricing";')).not.toEqual([]);
    expect(await importProblems("app/modules/site/example.ts", 'import { x } from "../seo/public-pages";')).not.toEqual([]);
    expect(await importProblems("app/modules/site/example.ts", 'import { x } from "./content-schema";')).toEqual([]);
  });
});


describe("links to the site's own pages", () => {
  it("are typed: a path written as a string, or a template, fails lint; href() and outside addresses pass", async () => {
    const problems = async (jsx: string) => {
      const [result] = await eslint.lintText(`import { href, Link } from "react-router";\nexport const A = () => ${jsx};\n`, { filePath: "app/components/example.tsx" });
      return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax" || m.fatal).length;
    };
    expect(await problems('<Link to="/prices">Prices</Link>')).toBe(1);
    expect(await problems("<a href={`/team/${String(1)}`}>Team</a>")).toBe(1);
    expect(await problems('<Link to={href("/prices")}>Prices</Link>')).toBe(0);
    expect(await problems('<a href="https://bookings.example.com">Book</a>')).toBe(0);
  });
});

describe("finding: one IPv6 /64 gives any number of clients", () => {
  it("a limit keys on clientOf(req), never on req.ip: reading the address anywhere else fails lint", async () => {
    const problems = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(`${code}\n`, { filePath });
      return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax" || m.fatal).length;
    };
    expect(await problems("server/api/example.ts", "export const key = (req: { ip?: string }) => req.ip ?? \"unknown\";")).toBe(1);
    expect(await problems("app/web/example.server.ts", "export const key = (request: { ip?: string }) => request.ip;")).toBe(1);
    expect(await problems("server/api/example.ts", 'import { clientOf } from "~/.server/request-client.server";\nexport const key = (req: { ip?: string }) => clientOf(req);')).toBe(0);
  });
});
