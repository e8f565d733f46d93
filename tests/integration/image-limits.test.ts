/**
 * Pictures are encoded only for names the site uses, at most a few at
 * a time, and kept on disk once made (issue 13: made-up names under
 * /images/blog/… burned the CPU). The API-only server is used, so the test
 * reads the same encode counter as the app.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rasterFormats, rasterWidths } from "~/modules/images/variants";
import { encodeStats, MAX_ENCODES_AT_ONCE } from "../../server/image-cache";
import { engines } from "../support/databases";
import { fixture } from "../support/fixture";
import { startTestServer, type TestServer } from "../support/test-server";

describe.each(engines)("picture limits on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    "/images/blog/made-up-name-1200.avif",
    "/images/blog/made-up-name.svg",
    "/images/news/anything-640.webp",
    "/images/pages/not-a-page-480.png",
    "/images/work/nobody-1-320.avif",
    "/images/offers/free-money-800.webp",
    "/images/store/x-160.png",
    "/images/team/nobody-480.avif",
    "/images/salons/salon-99-1200.png",
  ])("%s is 404 without encoding anything", async (path) => {
    const before = encodeStats.started;
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(encodeStats.started).toBe(before);
  });

  it("serves the names the content uses: blog posts, news, the shop, pages, offers, salons and work", async () => {
    for (const path of [
      `/images/blog/${fixture.blogPosts[0]!.slug}.svg`,
      fixture.news[0]!.image,
      fixture.store.banners[0]!.image,
      "/images/pages/about.svg",
      `/images/offers/${fixture.copy.offers.offers[0]!.slug}.svg`,
      "/images/salons/salon-3.svg",
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
    }
  });

  it(`encodes at most ${MAX_ENCODES_AT_ONCE} at once, turns a long queue away with 503 and Retry-After, and keeps what it made on disk, privately`, async () => {
    encodeStats.peak = encodeStats.active;
    const variants = rasterWidths.flatMap((width) => rasterFormats.map((format) => `/images/blog/${fixture.blogPosts[0]!.slug}-${width}.${format}`));
    const responses = await Promise.all(variants.map((path) => fetch(`${server.url}${path}`)));
    expect(encodeStats.peak).toBeLessThanOrEqual(MAX_ENCODES_AT_ONCE);
    for (const response of responses) {
      expect([200, 503]).toContain(response.status);
      if (response.status === 503) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThan(MAX_ENCODES_AT_ONCE);

    // A second asking is served from the disk cache: nothing new is encoded.
    const made = variants.filter((_, i) => responses[i]!.status === 200);
    const before = encodeStats.started;
    for (const path of made) expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    expect(encodeStats.started).toBe(before);

    const copies = path.join(server.services.config.dataDir, "images", "copies");
    const cached = path.join(copies, fs.readdirSync(copies).find((f) => !f.endsWith(".tmp"))!);
    expect(fs.statSync(cached).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(cached)).mode & 0o777).toBe(0o700);
  });
});
