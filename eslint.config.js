import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * An import of one of app/'s layers, by alias (~/modules/…) or by a relative
 * path (../modules/…). See docs/decisions/0008-layers.md.
 */
const layer = (...names) => `^(~/|(\\.\\.?/)+)(${names.join("|")})(/|$)`;

/**
 * The module folders of app/modules, lowest first: each may import only the
 * folders before it, so no two folders can import each other and the folders
 * form no cycle. The public side (what the public pages and forms run on)
 * comes first and never imports the staff side (the staff desk's modules, and
 * the site-wide purge that erases applicants). A new folder takes its place
 * here; scripts/module-graph.test.ts fails until it does. See
 * docs/decisions/0025-module-order.md.
 */
export const moduleOrder = [
  // Public: shared field rules and the audit trail at the bottom, then the catalogue and its prices, the site's content, the public's submissions.
  { name: "fields", side: "public" },
  { name: "uploads", side: "public" },
  { name: "audit", side: "public" },
  { name: "health", side: "public" },
  { name: "visits", side: "public" },
  { name: "marketing", side: "public" },
  { name: "images", side: "public" },
  { name: "catalogue", side: "public" },
  { name: "pricing", side: "public" },
  { name: "offers", side: "public" },
  { name: "site", side: "public" },
  { name: "photos", side: "public" },
  { name: "site-switches", side: "public" },
  { name: "seo", side: "public" },
  { name: "quotes", side: "public" },
  { name: "submissions", side: "public" },
  // Staff: the applicant desk (built on the join-us kind), the inboxes, the messages sent, staff accounts, the purge.
  { name: "applicants", side: "staff" },
  { name: "inbox", side: "staff" },
  { name: "sent-messages", side: "staff" },
  { name: "staff", side: "staff" },
  { name: "privacy", side: "staff" },
  { name: "studio", side: "staff" },
];

/** An import of one of the module folders `names`, by alias or by a relative path from inside app/modules. */
const moduleFolder = (names) => `^(~/modules/|(\\.\\./)+(modules/)?)(${names.join("|")})(/|$)`;

const modulesRule = {
  paths: [
    {
      name: "react-router",
      message: "Modules never touch the request or the router: take plain arguments, and put request glue in app/web.",
    },
  ],
  patterns: [
    {
      regex: layer("routes", "components", "web"),
      message: "Modules import only app/.server, app/utils and other modules: never routes, components or the request glue in app/web.",
    },
  ],
};

/** Each module folder's rule: the modules' own, and no import of a folder above it (nor, from the public side, of the staff side). */
const moduleOrderRules = moduleOrder.map(({ name, side }, index) => {
  const above = moduleOrder.slice(index + 1);
  const staffAbove = side === "public" ? above.filter((m) => m.side === "staff").map((m) => m.name) : [];
  const sameSideAbove = above.filter((m) => !staffAbove.includes(m.name)).map((m) => m.name);
  const patterns = [...modulesRule.patterns];
  if (staffAbove.length > 0) {
    patterns.push({
      regex: moduleFolder(staffAbove),
      message: `app/modules/${name} is on the public side: it never imports the staff modules (${staffAbove.join(", ")}). Move what both need down to a public module, or pass it in.`,
    });
  }
  if (sameSideAbove.length > 0) {
    patterns.push({
      regex: moduleFolder(sameSideAbove),
      message: `Module order (eslint.config.js): app/modules/${name} imports only the folders below it; ${sameSideAbove.join(", ")} come after it, so this import would let the folders form a cycle. Move what both need down, or pass it in.`,
    });
  }
  return { files: [`app/modules/${name}/**`], rules: { "no-restricted-imports": ["error", { paths: modulesRule.paths, patterns }] } };
});

/** The layers and what each may import. */
export const boundaries = [
  {
    // Infrastructure: config, database, logging, outbox, email primitives, rate limits, form token.
    files: ["app/.server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: layer("modules", "routes", "components", "web"),
              message: "app/.server is infrastructure: it imports nothing from modules, routes, components or web. Pass what it needs as arguments, or move the code to the layer it belongs to.",
            },
          ],
        },
      ],
    },
  },
  {
    // The business: plain functions that take their dependencies (db, config, outbox, …) as arguments.
    files: ["app/modules/**"],
    rules: { "no-restricted-imports": ["error", modulesRule] },
  },
  // …and within them, the module order.
  ...moduleOrderRules,
  {
    // Request glue: router context, loader and action helpers.
    files: ["app/web/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: layer("routes", "components"),
              message: "app/web is the glue between requests and modules: it imports modules and app/.server, never routes or components.",
            },
          ],
        },
      ],
    },
  },
  {
    // UI: components reach the server only through their route's loader data.
    files: ["app/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)\\.server(/|$)|\\.server(\\.tsx?)?$",
              allowTypeImports: true,
              message: "Components run in the browser: import only types (`import type`) from *.server files and app/.server.",
            },
            {
              regex: layer("routes", "web"),
              allowTypeImports: true,
              message: "Components take what they show as props or loader data: import only types from routes and app/web.",
            },
          ],
        },
      ],
    },
  },
  {
    // The public pages (app/routes/public) never reach the staff side: its modules, components or pages (decision 0025).
    files: ["app/routes/public/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^~/(modules/(${moduleOrder.filter((m) => m.side === "staff").map((m) => m.name).join("|")})|components/staff|routes/staff)(/|$)|^\\.\\./staff(/|$)`,
              message: "A public page never imports the staff side: move what both need to a public module or component.",
            },
          ],
        },
      ],
    },
  },
  {
    // Small pure helpers that anything may use.
    files: ["app/utils/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: layer("\\.server", "modules", "routes", "components", "web"),
              message: "app/utils holds small pure helpers: they import none of the app's layers.",
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "var/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  ...boundaries,
  {
    // Every per-client limit counts an IPv6 client by its /64 (decision 0050): the client key is made in one place.
    files: ["server/**/*.ts", "app/.server/**/*.ts", "app/web/**/*.ts", "app/modules/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name=/^req(uest)?$/][property.name='ip']",
          message: "Count a client by clientOf(req) (app/.server/request-client.server.ts): an IPv6 client is its /64, not its address.",
        },
      ],
    },
  },
  {
    // Links to the site's own pages are typed (decision 0043): href("/team/:slug", { slug }) fails the type check for an
    // address no route has, where a string would only fail when someone followed it. /api/ addresses are Express's, not
    // React Router's routes (a download from the API, say), so href() cannot type them.
    files: ["app/components/**/*.tsx", "app/routes/**/*.tsx", "app/root.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXAttribute[name.name=/^(to|href)$/] > Literal[value=/^\\/(?!api\\/)/]",
          message: 'Link to one of the site\'s pages with React Router\'s typed href(): to={href("/prices")}.',
        },
        {
          selector: "JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > TemplateLiteral[quasis.0.value.raw=/^\\//]",
          message: 'Link to one of the site\'s pages with React Router\'s typed href(): to={href("/team/:slug", { slug })}.',
        },
      ],
    },
  },
);
