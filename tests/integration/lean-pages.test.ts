import { createHash } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFacts } from "~/web/route-facts";
import { people, salons, services } from "../support/fixture";
import { pagePaths } from "../support/public-pages";
import { startTestServer, type TestServer } from "../support/test-server";

// Content pages ship no framework JavaScript (issue 21): every page whose
// routes say `client: false` is checked here, found from the route table of
// the production build itself (so a route newly marked is checked too), and
// every other page is checked to still load React and hydrate.

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

const scriptFreeRoutes = Object.values(build.routes)
  .filter((r) => (r.module.handle as { client?: boolean } | undefined)?.client === false)
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
    const saved = await fetch(`${server.url}/api/save-quote-details`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Priya Shah",
        mobile: "07700 900123",
        email: "priya.lean@example.com",
        referral: "google",
        salon_id: salons.sister.id,
        regular: false,
        selector: "Stylist",
        stylist_id: people.lead.id,
        service_ids: [services.cut.id],
      }),
    });
    expect(saved.status).toBe(201);
    quotePath = `/quote/${((await saved.json()) as { link: string }).link}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("marks the content pages script-free, and leaves the forms, the calculator and the staff area with their client", () => {
    for (const id of ["main", "team", "team-detail", "blog-post", "offer", "policies", "team-notice", "link-tree", "online-shop", "bookings", "quote"]) {
      expect(scriptFreeRoutes, id).toContain(id);
    }
    for (const id of ["joinus", "models", "contact", "open-evening", "calculator", "finish", "staff-home", "joinus-applicants"]) {
      expect(scriptFreeRoutes, id).not.toContain(id);
    }
    expect(factsOf("/prices/calculator").client).toBe(true);
    // The public's pages paint before their script starts; the staff's tools start at once (decision 0049).
    expect(factsOf("/prices/calculator").paintFirst).toBe(true);
    expect(factsOf("/staff").paintFirst).toBe(false);
    expect(factsOf("/staff/studio/posts").paintFirst).toBe(false);
  });

  it("sends every script-free page with no framework script, no module preload, and a CSP of hashes only", async () => {
    const addresses = [...pagePaths, () => quotePath];
    for (const entry of addresses) {
      const address = typeof entry === "function" ? entry() : entry;
      const facts = factsOf(address);
      if (facts.client) continue;
      visited.add(facts.leaf!);
      const response = await fetch(server.url + address);
      expect(response.status, address).toBe(200);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp, address).not.toMatch(/nonce-|'unsafe-inline'|'unsafe-eval'/);
      const allowed = scriptSrc(csp);
      expect(allowed.length, address).toBeGreaterThan(0);
      expect(allowed.every((source) => source.startsWith("'sha256-")), `${address}: ${allowed.join(" ")}`).toBe(true);
      const html = await response.text();
      expect(html, address).not.toMatch(/modulepreload|nonce=|__reactRouterContext|type="module"/);
      for (const script of scriptsOf(html)) {
        // Search engines' data is not run by the browser (nor held to script-src).
        if (/type="application\/ld\+json"/.test(script.attributes)) continue;
        expect(script.attributes, address).not.toMatch(/\bsrc=/);
        expect(allowed, `${address}: an inline script not allowed by hash`).toContain(sha256(script.text));
      }
    }
    // Every script-free route was seen at one address at least.
    expect([...visited].sort()).toEqual(expect.arrayContaining(scriptFreeRoutes.filter((id) => !["gift-voucher"].includes(id))));
  });

  it("still sends React, with this response's nonce, to every other page, started once the page has painted", async () => {
    for (const address of pagePaths.filter((p) => factsOf(p).client)) {
      const response = await fetch(server.url + address);
      expect(response.status, address).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)?.[1];
      expect(nonce, address).toBeTruthy();
      const html = await response.text();
      // React Router's module script, held until the page has painted, then started with the same nonce (decision 0049).
      const ownNonce = nonce!.replace(/[+/=]/g, "\\$&");
      expect(html, address).toMatch(new RegExp(`<script nonce="${ownNonce}" type="text/plain" id="client-start">[^<]*import\\("/assets/entry\\.client-`));
      expect(html, address).toMatch(new RegExp(`<script nonce="${ownNonce}">requestAnimationFrame\\(`));
      expect(html, address).not.toMatch(/<link rel="modulepreload"|type="module"/);
      expect(response.headers.get("cache-control"), address).toMatch(/^private/);
    }
    // The staff's sign-in page starts its script at once, with its preloads.
    const staff = await fetch(`${server.url}/staff`);
    const nonce = /'nonce-([^']+)'/.exec(staff.headers.get("content-security-policy")!)![1]!;
    const html = await staff.text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).toContain(`<script nonce="${nonce}" type="module"`);
    expect(html).not.toContain('id="client-start"');
  });

  it("gives every response of a page that runs React a nonce of its own", async () => {
    const nonces = [];
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${server.url}/api/services`);
      await response.arrayBuffer();
      nonces.push(/'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1]!);
    }
    expect(new Set(nonces).size).toBe(300);
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
