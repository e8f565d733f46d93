import { createHash } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFacts } from "~/web/route-facts";
import { people, salons, services } from "../support/fixture";
import { pagePaths } from "../support/public-pages";
import { priya, savedQuoteLink } from "../support/quotes";
import { startTestServer, type TestServer } from "../support/test-server";

// Every public page is a document (decision 0052): server-rendered React sent
// without framework JavaScript. The pages are found from the route table of the
// production build itself (so a page added later is walked too), with the
// calculator's steps, a saved quote and a page that is not there; the staff area
// is checked to still load React and hydrate.

interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { handle?: unknown };
}
const build = (await import(path.resolve("build/server/index.js"))) as { routes: Record<string, BuiltRoute> };

/** The build's routes as a tree, for matching an address the way the router does. */
function tree(parentId: string | undefined): RouteObject[] {
  return Object.values(build.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => (r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: tree(r.id) }));
}
const routeTree = tree(undefined);
const factsOf = (address: string) => {
  const matches = matchRoutes(routeTree, address) ?? [];
  return { leaf: matches.at(-1)?.route.id, ...pageFacts(matches.map((m) => ({ id: m.route.id!, handle: build.routes[m.route.id!]!.module.handle }))) };
};

const clientRoutes = Object.values(build.routes)
  .filter((r) => (r.module.handle as { client?: boolean } | undefined)?.client === true)
  .map((r) => r.id);
const publicRoutes = Object.values(build.routes)
  .filter((r) => (r.module.handle as { publicPages?: unknown } | undefined)?.publicPages !== undefined)
  .map((r) => r.id);

/** Each <script> element of a page: its attributes and its text. */
const scriptsOf = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1]!, text: m[2]! }));
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const scriptSrc = (csp: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];

describe("lean pages", () => {
  let server: TestServer;
  let quotePath: string;
  const visited = new Set<string>();

  beforeAll(async () => {
    server = await startTestServer("sqlite", { RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" }, { pages: true });
    const choices = { salon_id: salons.sister.id, regular: false, selector: "Stylist", stylist_id: people.lead.id, service_ids: [services.cut.id] };
    quotePath = `/quote/${await savedQuoteLink(server.url, { ...priya("priya.lean@example.com"), ...choices })}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("marks the staff area alone as a React app: every public page, the calculator and the forms included, is a document", () => {
    expect(clientRoutes).toEqual(["staff-layout"]);
    for (const address of ["/", "/team", "/prices", "/prices/calculator", "/prices/finish", "/prices/list", "/reviews", "/joinus", "/models", "/contact", "/open-evening", "/feedback"]) {
      expect(factsOf(address).client, address).toBe(false);
    }
    expect(factsOf("/staff").client).toBe(true);
    expect(factsOf("/staff/studio/posts").client).toBe(true);
  });

  it("finding: a public page shipped React: every public page (and a missing one) comes with no module script, no module preload, no nonce, no hydration data, under a CSP of hashes only", async () => {
    const calculator = `type=colour&regular=no&by=level&salon=${salons.school.id}&level=4`;
    const addresses = [
      ...pagePaths,
      () => quotePath,
      // The calculator's steps and pages beyond the first, reached by links from it.
      `/prices/calculator?${calculator}`,
      `/prices/total-by-level?${calculator}`,
      `/prices/finish?${calculator}`,
      "/prices/selector?type=colour&regular=no",
      `/prices/calculator?type=men&regular=no&by=stylist&about=${people.lead.slug}`,
      // A page that is not there: the 404 page.
      "/team/nobody-of-that-name",
    ];
    for (const entry of addresses) {
      const address = typeof entry === "function" ? entry() : entry;
      const facts = factsOf(address.split("?")[0]!);
      visited.add(facts.leaf!);
      const response = await fetch(server.url + address, { redirect: "manual" });
      expect([200, 404], address).toContain(response.status);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp, address).not.toMatch(/nonce-|'unsafe-inline'|'unsafe-eval'/);
      const allowed = scriptSrc(csp);
      expect(allowed.length, address).toBeGreaterThan(0);
      expect(allowed.every((source) => source.startsWith("'sha256-")), `${address}: ${allowed.join(" ")}`).toBe(true);
      const html = await response.text();
      expect(html, address).not.toMatch(/modulepreload|nonce=|__reactRouterContext|type="module"|\/assets\/[^"]*\.js/);
      expect(html, address).toContain('<script type="speculationrules">');
      for (const script of scriptsOf(html)) {
        // Search engines' data is not run by the browser (nor held to script-src).
        if (/type="application\/ld\+json"/.test(script.attributes)) continue;
        expect(script.attributes, address).not.toMatch(/\bsrc=/);
        expect(allowed, `${address}: an inline script not allowed by hash`).toContain(sha256(script.text));
      }
    }
    // Every route that draws a public page was seen at one address at least (the gift voucher only redirects).
    expect([...visited].sort()).toEqual(expect.arrayContaining(publicRoutes.filter((id) => !["gift-voucher"].includes(id))));
  });

  it("still sends React to the staff area, with this response's nonce, its module script and its preloads", async () => {
    const staff = await fetch(`${server.url}/staff`);
    const nonce = /'nonce-([^']+)'/.exec(staff.headers.get("content-security-policy")!)![1]!;
    const html = await staff.text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).toContain(`<script nonce="${nonce}" type="module"`);
    expect(html).toContain("window.__reactRouterContext");
    expect(html).not.toContain('type="speculationrules"');
  });

  it("gives every response of a page that runs React a nonce of its own", async () => {
    const nonces = [];
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${server.url}/api/services`);
      await response.arrayBuffer();
      nonces.push(/'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!);
    }
    expect(new Set(nonces).size).toBe(40);
    expect(nonces.every((n) => Buffer.from(n, "base64").length === 16)).toBe(true);
  });

  it("answers a content page with a validator, 304 when it is unchanged, and lets a shared cache keep it briefly", async () => {
    const first = await fetch(`${server.url}/team`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    // As a browser revalidates (fetch() would add "Cache-Control: no-cache", which asks past any validator).
    const revalidate = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${server.url}/team`, { headers: { "if-none-match": etag } }, (res) => {
            let body = "";
            res.on("data", (c: Buffer) => (body += c.toString()));
            res.on("end", () => resolve({ status: res.statusCode!, body }));
          })
          .on("error", reject);
      });
    for (let i = 0; i < 2; i++) expect(await revalidate()).toEqual({ status: 304, body: "" });
    const br = await fetch(`${server.url}/team`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toContain(people.lead.first_name);
  });

  it("keeps a saved quote's page private: no-store to everyone else, the same bytes each time", async () => {
    const pages = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(server.url + quotePath);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      pages.push(await response.text());
    }
    expect(pages[0]).toContain("Priya");
    expect(new Set(pages).size).toBe(1);
  });
});
