/**
 * The browser tests' ports: the site on E2E_PORT (3100 unless set; each
 * engineer on a shared machine sets their own), and the local mail and text
 * catchers (tests/support/e2e-sinks.ts) on the ports above it, which the tests
 * read at http://127.0.0.1:{inspect}/messages.
 */
export const sitePort = Number(process.env.E2E_PORT ?? 3100);
export const sinkPorts = { smtp: sitePort + 10, sms: sitePort + 11, inspect: sitePort + 12 };
export const inspectUrl = `http://127.0.0.1:${sinkPorts.inspect}/messages`;

/**
 * The browser tests' servers run as production does (NODE_ENV=production: React's production builds render
 * the pages, a development build checks every element it makes, a third of the site's CPU), and production
 * asks for a session secret of its own. This one is for these tests' throwaway servers only.
 */
export const productionEnv = { NODE_ENV: "production", SESSION_SECRET: "browser-tests-only-secret-0123456789abcdef" } as const;
