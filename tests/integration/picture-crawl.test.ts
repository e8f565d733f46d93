/**
 * Pictures on a fresh install (issue 32, decision record 0057): every copy a
 * public page names is made ahead, as the picture arrives, a few at a time;
 * a request for one not made yet waits for it, and a search engine's first
 * crawl meets no 503. Only names the site uses are made (issue 13: made-up
 * names under /images/blog/… burned the CPU).
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPIES_AT_ONCE } from "~/modules/images/copies.server";
import { engines } from "../support/databases";
import { fixture, schoolTeam } from "../support/fixture";
import { pagePaths } from "../support/public-pages";
import { STAFF, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/** What browsers send for pictures: one that takes AVIF, one WebP, one neither. */
const ACCEPTS = ["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "image/webp,*/*", "image/jpeg,image/png,*/*;q=0.5"];

/** Every picture address a page's <img> and <source> name. */
function picturesOf(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/gi)) {
    for (const [, value] of tag.matchAll(/\s(?:src|srcset)="([^"]*)"/gi)) {
      for (const candidate of value!.replaceAll("&amp;", "&").split(",")) {
        const address = candidate.trim().split(/\s+/)[0]!;
        if (address.startsWith("/")) found.push(address);
      }
    }
  }
  return found;
}

// On SQLite alone: the copies are files the server makes, whatever holds the records (the photo's upload, on both
// engines, is photos.test.ts); a fresh install makes every copy anew, a minute of both cores for the two engines.
describe.each(engines.filter((engine) => engine === "sqlite"))("finding: on a fresh install most of a crawl's first picture requests were answered 503 (%s)", (engine) => {
  let server: TestServer;
  let crawled: string[] = [];
  beforeAll(async () => {
    // A fresh install: no copies made yet, in a folder of its own.
    server = await startTestServer(engine, { PICTURE_COPIES_DIR: "", STAFF_ACCOUNTS: `${STAFF.morgan.name}:${STAFF.morgan.pin}` }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a crawl of every public page's pictures, 20 at a time, as the site starts and a photo arrives, is answered 200 every time", async () => {
    // A manager's photo arrives as the site starts: its copies join the line.
    const morgan = new StaffClient(server.url);
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries({ for: `stylist:${schoolTeam[0]!.slug}`, alt: "Rosa at the basin", consent: "true", focus_x: "0.5", focus_y: "0.5" })) form.set(name, value);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a3c" } }).jpeg().toBuffer();
    form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_1.JPG");
    expect((await fetch(`${server.url}/api/staff/photos`, { method: "POST", body: form, headers: { cookie: morgan.cookieHeader } })).status).toBe(201);

    const addresses = new Set<string>();
    // Every public page (issue 32: "a crawl of every public page's pictures"), as a search engine's first visit would.
    for (const page of pagePaths) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status, page).toBe(200);
      for (const address of picturesOf(await response.text())) addresses.add(address);
    }
    expect([...addresses].some((a) => a.startsWith("/photos/"))).toBe(true);
    expect(addresses.size).toBeGreaterThan(100);
    // The crawl begins while copies are still being made: the moment a fresh install is most likely to fail.
    expect(server.services.copies.waiting).toBeGreaterThan(0);

    const statuses = new Map<string, number>();
    crawled = [...addresses];
    const line = [...addresses];
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let next = line.shift(); next !== undefined; next = line.shift()) {
          const response = await fetch(`${server.url}${next}`, { headers: { accept: ACCEPTS[(worker + line.length) % ACCEPTS.length]! } });
          await response.arrayBuffer();
          statuses.set(next, response.status);
        }
      }),
    );
    expect([...statuses].filter(([, status]) => status !== 200)).toEqual([]);
    expect(statuses.size).toBe(addresses.size);
    expect(server.services.copies.stats.peak).toBeLessThanOrEqual(COPIES_AT_ONCE);
  });

  it("serves the names the content uses: blog posts, news, the shop, pages, offers, salons and work", async () => {
    for (const address of [
      `/images/blog/${fixture.blogPosts[0]!.slug}.svg`,
      fixture.news[0]!.image,
      fixture.store.banners[0]!.image,
      "/images/pages/about.svg",
      `/images/offers/${fixture.copy.offers.offers[0]!.slug}.svg`,
      "/images/salons/salon-3.svg",
    ]) {
      expect((await fetch(`${server.url}${address}`)).status, address).toBe(200);
    }
  });

  it("keeps every copy on disk, readable by the server only, and makes none twice", async () => {
    // The copies still waiting are dropped (as at a stop) rather than all made: what counts is that each copy
    // made is one file on disk, and that a copy the crawl was served is read back, not made again.
    await server.services.copies.close();
    const made = server.services.copies.stats.made;
    const copies = server.services.config.pictureCopiesDir;
    // The pictures' copies and the photos' (server/photos.ts) are all under the data folder's images/.
    const images = path.join(server.services.config.dataDir, "images");
    const files = fs.readdirSync(images, { recursive: true, encoding: "utf8" }).filter((f) => !f.endsWith(".tmp") && !f.endsWith(".json") && fs.statSync(path.join(images, f)).isFile());
    expect(made).toBeGreaterThan(0);
    expect(files).toHaveLength(made);
    for (const file of files) expect(fs.statSync(path.join(images, file)).mode & 0o777, file).toBe(0o600);
    expect(fs.statSync(copies).mode & 0o777).toBe(0o700);
    const served = crawled.find((a) => a.startsWith("/images/"))!;
    expect((await fetch(`${server.url}${served}`)).status).toBe(200);
    expect(server.services.copies.stats.made).toBe(made);
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
  ])("%s is 404, asking for no copy", async (address) => {
    // The copy maker is closed (above): a name that asked it for a copy would be answered an error, not 404.
    expect((await fetch(`${server.url}${address}`)).status).toBe(404);
  });
});
