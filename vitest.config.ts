import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // Pure modules: files can share a worker's imports.
          isolate: false,
          // A limit for a test that hangs, not a budget: the first email render imports React Email,
          // which takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // The app's own .tsx, as these tests import it, made for React's production JSX runtime too (see `env`).
        oxc: { jsx: { runtime: "automatic", development: false } },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/fixture-copies-setup.ts"],
          environment: "node",
          // Limits for a test that hangs, not a budget: on a 2-core machine shared with other builds, starting
          // `npm start`'s server, the staff CLI or a hundred argon2 hashes can take half a minute.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Each file makes its own databases and servers, so files share a worker without harm (no
          // re-import of the app per file: half the time on a 2-core machine). Most of a file's time is
          // spent waiting on databases, mail and the outbox (a held email's hold), so four run at once: with three the
          // cores stood idle a tenth of the run (163 s against 143 s with four, 29 November).
          maxWorkers: 4,
          isolate: false,
          // React, React DOM and React Router choose their builds by NODE_ENV as they load: the servers under test
          // render with the production builds they have in production (the development ones check every element
          // as it is made, a fifth of these tests' CPU). The site's own configuration is the tests' (test-server.ts).
          env: { NODE_ENV: "production" },
        },
      },
    ],
  },
});
