import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * An import of one of app/'s layers, by alias (~/modules/…) or by a relative
 * path (../modules/…). See docs/decisions/0008-layers.md.
 */
const layer = (...names) => `^(~/|(\\.\\.?/)+)(${names.join("|")})(/|$)`;

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
    rules: {
      "no-restricted-imports": [
        "error",
        {
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
        },
      ],
    },
  },
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
);
