/**
 * Every picture is a file under content/images: a salon's photograph, dropped
 * in by name, takes the sample picture's place everywhere (in the pages with
 * its real size, a blurred placeholder and AVIF/WebP copies, at the picture's
 * old address, and in what sharing sites are told); a picture with no file is
 * a plain tile, never a broken image, and the start names it.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, fixtureCopy } from "../support/fixture";
import { startTestServer, type TestServer } from "../support/test-server";

const [withPhoto, withSample, withoutFile] = fixture.stylists.filter((s) => s.salon === fixture.stylists[0]!.salon);

// Pictures do not depend on the database engine: one is enough here.
describe("pictures as files: photographs by file name, samples, and missing files", () => {
  let server: TestServer;
  let contentDir: string;

  beforeAll(async () => {
    contentDir = fixtureCopy();
    fs.rmSync(path.join(contentDir, "images/team", `${withoutFile!.slug}.jpg`));
    for (const n of [1, 2]) fs.rmSync(path.join(contentDir, "images/work", `${withoutFile!.slug}-${n}.jpg`));
    // A portrait 960 × 1200, as a salon would save it from a camera.
    await sharp({ create: { width: 960, height: 1200, channels: 3, background: { r: 150, g: 110, b: 90 } } })
      .jpeg()
      .toFile(path.join(contentDir, "images/team", `${withPhoto!.slug}.jpg`));
    server = await startTestServer("sqlite", { CONTENT_DIR: contentDir }, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(contentDir, { recursive: true, force: true });
  });

  it("shows the photograph on the pages with its real size, a blurred placeholder and AVIF and WebP copies", async () => {
    const html = await (await fetch(`${server.url}/team/${withPhoto!.slug}`)).text();
    const base = `/images/team/${withPhoto!.slug}`;
    expect(html).toContain(`srcSet="${base}-320.avif 320w, ${base}-480.avif 480w, ${base}-640.avif 640w"`);
    expect(html).toMatch(new RegExp(`<img src="${base}-640\\.jpg" alt="Portrait of [^"]+" width="960" height="1200"`));
    expect(html).toMatch(/<img src="data:image\/webp;base64,[A-Za-z0-9+/=]+" alt="" aria-hidden="true" width="960" height="1200"/);
    // Another stylist keeps their sample picture, a 640 × 800 file, served the same way.
    const other = await (await fetch(`${server.url}/team/${withSample!.slug}`)).text();
    const sample = `/images/team/${withSample!.slug}`;
    expect(other).toContain(`srcSet="${sample}-320.avif 320w, ${sample}-480.avif 480w, ${sample}-640.avif 640w"`);
    expect(other).toMatch(new RegExp(`<img src="${sample}-640\\.jpg" alt="Portrait of [^"]+" width="640" height="800"`));
    expect(other).toMatch(/<img src="data:image\/webp;base64,[A-Za-z0-9+/=]+" alt="" aria-hidden="true" width="640" height="800"/);
    // And the sample pictures of their work, at their real size.
    expect(other).toMatch(new RegExp(`<img src="/images/work/${withSample!.slug}-2-800\\.jpg" alt="[^"]+ \\(2 of 2\\)" width="800" height="450"`));
  });

  it("shows a stylist with no picture file as a plain tile, never a broken image, and names the file as missing", async () => {
    const html = await (await fetch(`${server.url}/team/${withoutFile!.slug}`)).text();
    const base = `/images/team/${withoutFile!.slug}`;
    expect(html).toMatch(new RegExp(`<img src="${base}-320\\.jpg" alt="Portrait of [^"]+" width="400" height="500"`));
    for (const copy of [`${base}-320.avif`, `${base}-320.webp`, `${base}-320.jpg`]) {
      const response = await fetch(`${server.url}${copy}`);
      expect(response.status, copy).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta, copy).toMatchObject({ width: 320, height: 400 });
    }
    expect(server.services.pictures.missing([`team/${withoutFile!.slug}`, `team/${withSample!.slug}`])).toEqual([`team/${withoutFile!.slug}`]);
    // With no pictures of their work, the page shows no work section rather than empty tiles.
    expect(html).not.toContain(`/images/work/${withoutFile!.slug}-`);
  });

  it("serves its copies from the photograph, never larger than it, and sends the picture's .svg address to it", async () => {
    const avif = await fetch(`${server.url}/images/team/${withPhoto!.slug}-480.avif`);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).toMatchObject({ width: 480, height: 600 });
    const large = await fetch(`${server.url}/images/team/${withPhoto!.slug}-1200.jpg`);
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 960 });

    const old = await fetch(`${server.url}/images/team/${withPhoto!.slug}.svg`, { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(`/images/team/${withPhoto!.slug}-1200.jpg`);
    const sample = await fetch(`${server.url}/images/team/${withSample!.slug}.svg`);
    expect(sample.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await sample.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 800 });
  });

  it("gives sharing sites the photograph as a JPEG", async () => {
    const html = await (await fetch(`${server.url}/team/${withPhoto!.slug}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${server.services.config.publicUrl}/images/team/${withPhoto!.slug}-1200.jpg"/>`);
  });
});
