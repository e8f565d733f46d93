/**
 * Photos from a phone (issue 19; api-contract.md "Studio (managers)"): a
 * manager's upload is judged by its content, stored in the database without
 * its metadata, shown in place of the sample picture on the team page and the
 * profile, served as AVIF, WebP or JPEG by Accept at the site's widths, and
 * removed again. Real files made here with sharp, real impostors, and a body
 * too large that the server refuses before it has all arrived.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import * as tar from "tar";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "~/modules/photos/photo-rules";
import { engines } from "../support/databases";
import { heicClaiming } from "../support/heic";
import { fixture, schoolTeam } from "../support/fixture";
import { STAFF, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

/** A phone's photo: a landscape JPEG with a camera's EXIF, where it was taken (GPS) included. */
async function phoneJpeg(): Promise<Buffer> {
  const { width, height } = { width: 1600, height: 1200 };
  // Two halves of different colours, so a crop and a resize make a real picture, not a flat tile.
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: "#8a5a3c" } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#e7d3bf" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "Pocketphone", Model: "PP 12", Software: "Camera 4.2" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2664/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3960/100" },
    })
    .toBuffer();
}

interface Part {
  bytes: Buffer;
  name: string;
  type: string;
}

const goodFields = (target: string) => ({ for: target, alt: "Rosa laughing at the basin", consent: "true", focus_x: "0.25", focus_y: "0.4" });

describe.each(engines)("photos on %s", (engine) => {
  let server: TestServer;
  let morgan: StaffClient;
  let sam: StaffClient;
  let jpeg: Buffer;
  const stylist = schoolTeam[0]!;
  const target = `stylist:${stylist.slug}`;

  /** POST /api/staff/photos as a browser sends a form with a file. */
  function upload(client: StaffClient, fields: Record<string, string>, file?: Part): Promise<Response> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return fetch(`${server.url}/api/staff/photos`, { method: "POST", body: form, headers: { cookie: client.cookieHeader } });
  }
  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const photoRows = () => server.services.db.selectFrom("photos").select(["id", "target", "alt", "consent_by", "consent_at", "created_by", "removed_at"]).execute();

  beforeAll(async () => {
    // Sam works at reception here.
    server = await startTestServer(engine, { STAFF_ACCOUNTS: `${STAFF.morgan.name}:${STAFF.morgan.pin},${STAFF.sam.name}:${STAFF.sam.pin}:reception` }, { pages: true });
    morgan = new StaffClient(server.url);
    sam = new StaffClient(server.url);
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
    jpeg = await phoneJpeg();
    expect((await sharp(jpeg).metadata()).exif?.includes(Buffer.from("N\0"))).toBe(true);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("takes a phone's JPEG for a stylist, shows it on the team page and the profile, and serves it without a byte of its EXIF", async () => {
    const response = await upload(morgan, goodFields(target), { bytes: jpeg, name: "IMG_2041.JPG", type: "image/jpeg" });
    expect(response.status).toBe(201);
    const { id, url } = (await response.json()) as { id: number; url: string };
    expect(url).toBe(`/photos/${id}`);
    expect(await photoRows()).toEqual([
      { id, target, alt: "Rosa laughing at the basin", consent_by: "Morgan", consent_at: expect.any(String), created_by: "Morgan", removed_at: null },
    ]);

    for (const path of ["/team", `/team/${stylist.slug}`]) {
      const html = await page(path);
      expect(html, path).toMatch(new RegExp(`<source type="image/avif" srcSet="/photos/${id}-320\\.avif 320w, /photos/${id}-480\\.avif 480w`));
      expect(html, path).toContain(`/photos/${id}-320.webp 320w`);
      expect(html, path).not.toContain(`/images/team/${stylist.slug}-`);
    }
    // Sharing sites are given the photo too.
    expect(await page(`/team/${stylist.slug}`)).toContain(`<meta property="og:image" content="${server.url}/photos/${id}-1200.jpg"/>`);
    // The profile reads out the photo's own words; the crop is 4:5 with the focus point's classes.
    expect(await page(`/team/${stylist.slug}`)).toMatch(/alt="Rosa laughing at the basin" width="960" height="1200"[^>]*class="[^"]*focus-x-3 focus-y-4/);

    for (const [accept, type, format] of [
      ["image/avif,image/webp,*/*", "image/avif", "heif"],
      ["image/webp,*/*", "image/webp", "webp"],
      ["image/jpeg", "image/jpeg", "jpeg"],
    ] as const) {
      const served = await fetch(`${server.url}${url}?w=333`, { headers: { accept } });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("vary")).toMatch(/accept/i);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe(format);
      // ?w=333 snapped to the site's next width, 480; cut to the portrait's 4:5.
      expect([meta.width, meta.height]).toEqual([480, 600]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    const copy = await fetch(`${server.url}/photos/${id}-160.jpg`);
    expect(copy.headers.get("content-type")).toBe("image/jpeg");
    const copyBytes = Buffer.from(await copy.arrayBuffer());
    expect((await sharp(copyBytes).metadata()).exif).toBeUndefined();
    expect(copyBytes.includes(Buffer.from("Pocketphone"))).toBe(false);
    // Nor is anything of it kept in the database.
    const stored = await server.services.db.selectFrom("photos").select("bytes").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await sharp(Buffer.from(stored.bytes)).metadata()).exif).toBeUndefined();
    expect(Buffer.from(stored.bytes).includes(Buffer.from("Pocketphone"))).toBe(false);
  });

  it.each([
    ["a text file named .jpg", Buffer.from("These are words, not a photo, whatever the name says.\n"), "holiday.jpg", "image/jpeg"],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"), "cv.pdf", "application/pdf"],
    [
      "an SVG with a script",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>'),
      "face.svg",
      "image/svg+xml",
    ],
    ["the start of a JPEG and nothing more", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]), "cut.jpg", "image/jpeg"],
  ])("refuses %s with 415 and stores nothing", async (_what, bytes, name, type) => {
    const before = (await photoRows()).length;
    const response = await upload(morgan, goodFields(target), { bytes, name, type });
    expect(response.status).toBe(415);
    expect((await response.json()) as { error: string }).toEqual({ error: expect.stringContaining("JPEG, PNG or WebP") });
    expect((await photoRows()).length).toBe(before);
  });

  it("takes an iPhone's HEIC and serves it as AVIF, WebP or JPEG like any photo", async () => {
    const bytes = fs.readFileSync(path.resolve("tests/fixtures/photos/red-and-blue-halves.heic"));
    // For the home page's picture, and taken off again: the tests after this one count the stylist's photos.
    const response = await upload(morgan, { ...goodFields(target), for: "hero" }, { bytes, name: "IMG_0002.HEIC", type: "image/heic" });
    expect(response.status).toBe(201);
    const { id, url } = (await response.json()) as { id: number; url: string };
    const served = await fetch(`${server.url}${url}`, { headers: { accept: "image/webp,*/*" } });
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    expect((await morgan.request("DELETE", `/api/staff/photos/${id}`)).status).toBe(204);
  });

  it("names a HEIC it cannot read (here, its first box and nothing of a picture) in its 415", async () => {
    const brands = "heic\0\0\0\0mif1heic";
    const ftyp = Buffer.alloc(8 + brands.length);
    ftyp.writeUInt32BE(ftyp.length, 0);
    ftyp.write(`ftyp${brands}`, 4, "latin1");
    const response = await upload(morgan, goodFields(target), { bytes: Buffer.concat([ftyp, Buffer.alloc(512)]), name: "IMG_0001.HEIC", type: "image/heic" });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toContain("HEIC");
  });

  it("finding: a 23 KB HEIC of 99.9 megapixels stops the whole site (refused from its header, nothing decoded, 413 on file)", async () => {
    const before = (await photoRows()).length;
    // The small fixture with its size property edited: 11547 × 8652 claimed.
    const started = Date.now();
    const response = await upload(morgan, { ...goodFields(target), for: "hero" }, { bytes: heicClaiming(11_547, 8_652), name: "IMG_0999.HEIC", type: "image/heic" });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields.file).toContain("more than 64 million pixels");
    expect(body.error).toBe(body.fields.file);
    // Refused from the header: no decoder (which takes seconds for a picture this size) was ever started.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await photoRows()).length).toBe(before);
  });

  // Once, not on each engine: the decoding touches no database, and it costs about 5 s of CPU.
  it.runIf(engine === engines[0])("finding: a 48 MP HEIC is decoded off the main thread: /healthz answers all the while, and the memory is given back", async () => {
    const bytes = fs.readFileSync(path.resolve("tests/fixtures/photos/halves-48-megapixels.heic"));
    expect(bytes.length).toBeLessThan(30_000);
    const rssBefore = process.memoryUsage().rss;
    // The checks run in this process, beside the server: a decode on the main thread would hold them up too, so what
    // is measured is the time between one answered check and the next, from the upload's start to its end.
    let uploading = true;
    const answered: number[] = [];
    const polling = (async () => {
      while (uploading) {
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        await health.arrayBuffer();
        answered.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = Date.now();
    let response: Response;
    try {
      response = await upload(morgan, { ...goodFields(target), for: "hero" }, { bytes, name: "IMG_4800.HEIC", type: "image/heic" });
    } finally {
      uploading = false;
    }
    const ended = Date.now();
    await polling;
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    // The decode took long enough to matter (about 3 s on the main thread, 4 s in the probe's finding), and no gap
    // between answers reached half of that: on two cores shared with the other test files a check can wait most of
    // a second for its turn, but not for a decode.
    expect(ended - started).toBeGreaterThan(1_000);
    const times = [started, ...answered.filter((t) => t <= ended), ended];
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...gaps)).toBeLessThan(1_500);
    // Kept at 2400 px its longest side, red on the left, blue on the right, as the phone took it.
    const stored = await server.services.db.selectFrom("photos").select(["bytes", "width", "height"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect([stored.width, stored.height]).toEqual([2400, 1800]);
    const { data, info } = await sharp(Buffer.from(stored.bytes)).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [...data.subarray((900 * info.width + x) * info.channels, (900 * info.width + x) * info.channels + 3)];
    expect(pixel(300)[0]).toBeGreaterThan(150);
    expect(pixel(2100)[2]).toBeGreaterThan(150);
    // libheif's memory (about 700 MB for this picture) went with its worker.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    expect((await morgan.request("DELETE", `/api/staff/photos/${id}`)).status).toBe(204);
  }, 60_000);

  it("needs the words and the consent (400), and a manager (reception 403)", async () => {
    const file = { bytes: jpeg, name: "a.jpg", type: "image/jpeg" };
    const { alt: _alt, ...noAlt } = goodFields(target);
    const missingAlt = await upload(morgan, noAlt, file);
    expect(missingAlt.status).toBe(400);
    expect(((await missingAlt.json()) as { fields: Record<string, string> }).fields).toHaveProperty("alt");
    const { consent: _consent, ...noConsent } = goodFields(target);
    const missingConsent = await upload(morgan, noConsent, file);
    expect(missingConsent.status).toBe(400);
    expect(((await missingConsent.json()) as { fields: Record<string, string> }).fields).toHaveProperty("consent");
    expect((await upload(morgan, { ...goodFields(target), for: "stylist:nobody-here" }, file)).status).toBe(400);
    expect((await upload(sam, goodFields(target), file)).status).toBe(403);
    expect((await upload(new StaffClient(server.url), goodFields(target), file)).status).toBe(401);
  });

  it(`answers 413 to a body over ${PHOTO_MAX_BYTES / 1024 / 1024} MiB before it has all been sent`, async () => {
    // Said in advance (Content-Length): refused at once. Not said (chunked): refused once the cap is passed.
    for (const declared of [true, false]) {
      // Far more than the cap and the connection's buffers together, so an answer at the end could not pass.
      const total = 64 * 1024 * 1024;
      const { status, sent } = await sendUntilAnswered(server.url, morgan.cookieHeader, total, declared);
      expect(status, declared ? "with Content-Length" : "chunked").toBe(413);
      expect(sent, declared ? "with Content-Length" : "chunked").toBeLessThan(total);
    }
  });

  it("shows a post's, an offer's and the home page's photos where their pictures were", async () => {
    const post = fixture.blogPosts[0]!;
    const offer = fixture.copy.offers.offers.find((o) => !o.endDate) ?? fixture.copy.offers.offers[0]!;
    const ids: Record<string, number> = {};
    for (const forWhat of [`post:${post.slug}`, `offer:${offer.slug}`, "hero"]) {
      const response = await upload(morgan, { ...goodFields(forWhat), alt: `A photo for ${forWhat}` }, { bytes: jpeg, name: "p.jpg", type: "image/jpeg" });
      expect(response.status, forWhat).toBe(201);
      ids[forWhat] = ((await response.json()) as { id: number }).id;
    }
    for (const [path, forWhat] of [
      [`/blog/${post.slug}`, `post:${post.slug}`],
      ["/blog", `post:${post.slug}`],
      [`/offers/${offer.slug}`, `offer:${offer.slug}`],
      ["/", "hero"],
    ] as const) {
      expect(await page(path), path).toMatch(new RegExp(`srcSet="/photos/${ids[forWhat]}-\\d+\\.avif`));
    }
    for (const id of Object.values(ids)) {
      expect((await fetch(`${server.url}/api/staff/photos/${id}`, { method: "DELETE", headers: { cookie: morgan.cookieHeader } })).status).toBe(204);
    }
    expect(await page("/")).not.toContain(`/photos/${ids.hero}-`);
  });

  it("finding: a photo for an offer added since the site started was refused by the API (it knew the offers of its start)", async () => {
    const created = await morgan.request("POST", "/api/staff/studio/offers", {
      json: { title: "Fringe trims on Tuesdays", percent: 20, text: "A fifth off a fringe trim with any of our stylists, every Tuesday." },
      headers: { origin: server.url },
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const response = await upload(morgan, { ...goodFields(`offer:${slug}`), alt: "A fresh fringe" }, { bytes: jpeg, name: "fringe.jpg", type: "image/jpeg" });
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect(await page(`/offers/${slug}`)).toMatch(new RegExp(`srcSet="/photos/${id}-\\d+\\.avif`));
    // The Photos page offers it too.
    expect(await (await morgan.request("GET", "/staff/studio/photos")).text()).toContain(`value="offer:${slug}"`);
  });

  it("works as a page without JavaScript: a photo of someone's work joins their gallery, a missing description is said beside its field", async () => {
    /** The Photos page's form, posted as a browser without JavaScript posts it. */
    const post = async (fields: Record<string, string>, file?: Part) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const response = await fetch(`${server.url}/staff/studio/photos`, { method: "POST", body: form, headers: { cookie: morgan.cookieHeader, origin: server.url } });
      return { status: response.status, html: (await response.text()).replace(/\s+/g, " ") };
    };
    const file = { bytes: jpeg, name: "work.jpg", type: "image/jpeg" };
    const work = `work:${stylist.slug}`;
    const { alt: _alt, ...noAlt } = goodFields(work);
    const refused = await post({ intent: "upload", ...noAlt }, file);
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/<p id="[^"]*-error" class="field-error empty:hidden">Describe the photo for someone who cannot see it<\/p>/);

    const added = await post({ intent: "upload", ...goodFields(work), alt: "A copper bob, finished" }, file);
    expect(added.status).toBe(200);
    expect(added.html).toContain("The photo is on the site.");
    const [row] = (await photoRows()).filter((r) => r.target === work);
    const profile = await page(`/team/${stylist.slug}`);
    // First in the gallery, before the work's sample pictures, cut to the work's 16:9 frame.
    const gallery = profile.slice(profile.indexOf("&#x27;s work</h2>"));
    expect(gallery.indexOf(`/photos/${row!.id}-320.avif 320w`)).toBeGreaterThan(-1);
    expect(gallery.indexOf(`/photos/${row!.id}-320.avif`)).toBeLessThan(gallery.indexOf(`/images/work/${stylist.slug}-1-320.avif`));
    expect(gallery).toMatch(/alt="A copper bob, finished" width="1600" height="900"/);

    const removed = await post({ intent: "remove", id: String(row!.id) });
    expect(removed.status).toBe(200);
    expect(removed.html).toContain("The photo is off the site");
    expect(await page(`/team/${stylist.slug}`)).not.toContain(`/photos/${row!.id}-`);
  });

  it("removes a newer photo to bring back the one before it, then that one to bring back the sample picture, all in the audit trail", async () => {
    const [first] = (await photoRows()).filter((r) => r.removed_at === null && r.target === target);
    const png = await sharp({ create: { width: 800, height: 1000, channels: 4, background: { r: 40, g: 90, b: 120, alpha: 1 } } }).png().toBuffer();
    const newer = await upload(morgan, { ...goodFields(target), alt: "Rosa in the garden" }, { bytes: png, name: "garden.png", type: "image/png" });
    expect(newer.status).toBe(201);
    const { id: second } = (await newer.json()) as { id: number };
    expect(await page(`/team/${stylist.slug}`)).toContain(`/photos/${second}-320.avif 320w`);

    expect((await fetch(`${server.url}/api/staff/photos/${second}`, { method: "DELETE", headers: { cookie: sam.cookieHeader } })).status).toBe(403);
    expect((await fetch(`${server.url}/api/staff/photos/${second}`, { method: "DELETE", headers: { cookie: morgan.cookieHeader } })).status).toBe(204);
    expect((await fetch(`${server.url}/api/staff/photos/${second}`, { method: "DELETE", headers: { cookie: morgan.cookieHeader } })).status).toBe(404);
    expect((await fetch(`${server.url}/photos/${second}-480.webp`)).status).toBe(404);
    for (const path of ["/team", `/team/${stylist.slug}`]) {
      const html = await page(path);
      expect(html, path).toContain(`/photos/${first!.id}-320.avif 320w`);
      expect(html, path).not.toContain(`/photos/${second}-`);
    }

    expect((await fetch(`${server.url}/api/staff/photos/${first!.id}`, { method: "DELETE", headers: { cookie: morgan.cookieHeader } })).status).toBe(204);
    for (const path of ["/team", `/team/${stylist.slug}`]) {
      const html = await page(path);
      expect(html, path).toContain(`/images/team/${stylist.slug}-320.avif 320w`);
      expect(html, path).not.toContain(`/photos/${first!.id}-`);
    }
    const audit = await server.services.db.selectFrom("audit_events").select(["actor", "action", "subject_id", "detail"]).where("subject_type", "=", "photos").where("detail", "=", `for ${target}`).orderBy("id").execute();
    expect(audit).toEqual([
      { actor: "Morgan", action: "photo-added", subject_id: String(first!.id), detail: `for ${target}` },
      { actor: "Morgan", action: "photo-added", subject_id: String(second), detail: `for ${target}` },
      { actor: "Morgan", action: "photo-removed", subject_id: String(second), detail: `for ${target}` },
      { actor: "Morgan", action: "photo-removed", subject_id: String(first!.id), detail: `for ${target}` },
    ]);
  });

  it("finding: a replaced (not removed) photo stays public at its id (404 to the public, kept for staff and for undo)", async () => {
    const other = schoolTeam[1]!;
    const place = `stylist:${other.slug}`;
    const put = async (alt: string, where = place) => {
      const response = await upload(morgan, { ...goodFields(where), alt }, { bytes: jpeg, name: "chair.jpg", type: "image/jpeg" });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const publicly = (id: number) => fetch(`${server.url}/photos/${id}-480.webp`).then((r) => r.status);
    const older = await put("The older portrait");
    expect(await publicly(older)).toBe(200);
    const newer = await put("The newer portrait");
    // Replaced: gone from the public at every address, whatever copies are on disk; the newer one shows.
    expect(await publicly(older)).toBe(404);
    expect((await fetch(`${server.url}/photos/${older}?w=480`, { headers: { accept: "image/avif" } })).status).toBe(404);
    expect(await publicly(newer)).toBe(200);
    // Kept: the staff's list still shows it as waiting, privately.
    const forStaff = await fetch(`${server.url}/photos/${older}-160.jpg`, { headers: { cookie: morgan.cookieHeader } });
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get("cache-control")).toBe("private, no-store");
    // Undoing the newer upload brings the older one back, publicly.
    const [entry] = (await (await morgan.request("GET", "/api/staff/history")).json()) as { id: number; summary: string }[];
    expect(entry!.summary).toContain("The newer portrait");
    expect((await morgan.request("POST", `/api/staff/history/${entry!.id}/undo`)).status).toBe(200);
    expect(await publicly(older)).toBe(200);
    expect(await publicly(newer)).toBe(404);
    // A stylist's work shows every photo: a second one replaces nothing.
    const work = `work:${other.slug}`;
    const firstWork = await put("A first cut", work);
    const secondWork = await put("A second cut", work);
    expect([await publicly(firstWork), await publicly(secondWork)]).toEqual([200, 200]);
    for (const id of [older, firstWork, secondWork]) expect((await morgan.request("DELETE", `/api/staff/photos/${id}`)).status).toBe(204);
  });

  it("keeps each upload and removal in the studio's history, newest first, and undoes them: the earlier picture comes back, unless a later upload stands in the way", async () => {
    const other = schoolTeam[1]!;
    const place = `stylist:${other.slug}`;
    const name = `${other.first_name} ${other.last_name}`;
    const history = async () => (await (await morgan.request("GET", "/api/staff/history")).json()) as { id: number; staff: string; what: string; summary: string }[];
    const undo = (id: number) => morgan.request("POST", `/api/staff/history/${id}/undo`);
    const put = async (alt: string) => {
      const response = await upload(morgan, { ...goodFields(place), alt }, { bytes: jpeg, name: "chair.jpg", type: "image/jpeg" });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    const firstTry = await put("A first try");
    expect((await fetch(`${server.url}/api/staff/photos/${firstTry}`, { method: "DELETE", headers: { cookie: morgan.cookieHeader } })).status).toBe(204);
    const earlier = await put(`${other.first_name} at her chair`);
    const newer = await put(`${other.first_name} at the basin`);
    const [added2, added1, removed, added0] = await history();
    expect([added2, added1, removed, added0].map((e) => ({ staff: e!.staff, what: e!.what, summary: e!.summary }))).toEqual([
      { staff: "Morgan", what: "photos", summary: `Photo added for ${name}: “${other.first_name} at the basin”` },
      { staff: "Morgan", what: "photos", summary: `Photo added for ${name}: “${other.first_name} at her chair”` },
      { staff: "Morgan", what: "photos", summary: `Photo removed from ${name}` },
      { staff: "Morgan", what: "photos", summary: `Photo added for ${name}: “A first try”` },
    ]);

    // The earlier upload cannot go while the newer one stands: it is named.
    const refused = await undo(added1!.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: `A later change stands in the way: “${added2!.summary}” by Morgan (history entry ${added2!.id}). Undo that one first.` });
    expect(await page(`/team/${other.slug}`)).toContain(`/photos/${newer}-320.avif 320w`);

    // Undoing the newer upload brings back the earlier picture; then the earlier one may go, and the removal be undone.
    expect((await undo(added2!.id)).status).toBe(200);
    let html = await page(`/team/${other.slug}`);
    expect(html).toContain(`/photos/${earlier}-320.avif 320w`);
    expect(html).not.toContain(`/photos/${newer}-`);
    expect((await undo(added1!.id)).status).toBe(200);
    expect((await undo(removed!.id)).status).toBe(200);
    html = await page(`/team/${other.slug}`);
    expect(html).toContain(`/photos/${firstTry}-320.avif 320w`);
    expect((await history()).slice(0, 3).map((e) => e.summary)).toEqual([
      `Undid “Photo removed from ${name}”`,
      `Undid “Photo added for ${name}: “${other.first_name} at her chair””`,
      `Undid “${added2!.summary}”`,
    ]);
  });

  it("exports the photos that show with their words and focus points, and a new site started from the export shows them", async () => {
    const other = schoolTeam[1]!;
    const [shown] = (await photoRows()).filter((r) => r.removed_at === null && r.target === `stylist:${other.slug}`).sort((a, b) => b.id - a.id);
    const response = await morgan.request("GET", "/api/staff/studio/export");
    expect(response.status).toBe(200);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "photos-export-"));
    let fresh: TestServer | undefined;
    try {
      await pipeline(Readable.from(Buffer.from(await response.arrayBuffer())), tar.x({ cwd: work }));
      const dir = path.join(work, "content");
      const listed = YAML.parse(fs.readFileSync(path.join(dir, "images/photos/photos.yaml"), "utf8")) as { file: string; for: string; alt: string; focus_x: number }[];
      expect(listed).toContainEqual(expect.objectContaining({ file: `${shown!.id}.jpg`, for: `stylist:${other.slug}`, alt: shown!.alt, focus_x: 0.25 }));
      expect(listed.map((p) => p.file)).toEqual(fs.readdirSync(path.join(dir, "images/photos")).filter((f) => f !== "photos.yaml").sort((a, b) => parseInt(a) - parseInt(b)));

      fresh = await startTestServer(engine, { CONTENT_DIR: dir }, { pages: true });
      const html = await (await fetch(`${fresh.url}/team/${other.slug}`)).text();
      const [seeded] = await fresh.services.db.selectFrom("photos").select(["id", "alt", "focus_x"]).where("target", "=", `stylist:${other.slug}`).orderBy("id", "desc").execute();
      expect(seeded).toMatchObject({ alt: shown!.alt, focus_x: 0.25 });
      expect(html).toContain(`/photos/${seeded!.id}-320.avif 320w`);
      expect(html).toContain(`alt="${shown!.alt}"`);
    } finally {
      await fresh?.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

/**
 * Sends a multipart body of `total` bytes a piece at a time, stopping when
 * the server answers: its status, and how much had been sent by then.
 */
function sendUntilAnswered(base: string, cookie: string, total: number, declared: boolean): Promise<{ status: number; sent: number }> {
  const url = new URL(base);
  const boundary = "----photo-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const piece = Buffer.alloc(256 * 1024, 0x41);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    // A connection of its own, kept alive as a browser's is.
    const req = http.request(
      {
        agent: new http.Agent({ keepAlive: true }),
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: "/api/staff/photos",
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          ...(declared ? { "content-length": String(total) } : { "transfer-encoding": "chunked" }),
        },
      },
      (res) => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered && error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    // Closed with no answer (a reset instead of the 413): say so rather than wait for ever.
    req.on("close", () => {
      if (!answered) reject(new Error(`the connection closed without an answer after ${sent} bytes`));
    });
    const pump = () => {
      while (!answered && sent < total) {
        const part = sent === 0 ? head : piece.subarray(0, Math.min(piece.length, total - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
