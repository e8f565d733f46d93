/**
 * A salon's photographs, dropped in by file name under content/images, take
 * the drawings' place everywhere: in the pages (with their real size, a
 * blurred placeholder and AVIF/WebP copies), at the picture's old address,
 * and in what sharing sites are told.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/modules/site/load-content.server";
import { startTestServer, type TestServer } from "../support/test-server";

const content = loadContent("content");
const [withPhoto, withDrawing] = content.stylists.filter((s) => s.salon === content.stylists[0]!.salon);

// Pictures do not depend on the database engine: one is enough here.
describe("a salon's photographs by file name", () => {
  let server: TestServer;
  let contentDir: string;

  beforeAll(async () => {
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-content-"));
    fs.cpSync("content", contentDir, { recursive: true });
    fs.mkdirSync(path.join(contentDir, "images/team"), { recursive: true });
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
    // Another stylist keeps their drawing.
    const other = await (await fetch(`${server.url}/team/${withDrawing!.slug}`)).text();
    expect(other).toContain(`src="/images/team/${withDrawing!.slug}.svg"`);
  });

  it("serves its copies from the photograph, never larger than it, and sends the drawing's address to it", async () => {
    const avif = await fetch(`${server.url}/images/team/${withPhoto!.slug}-480.avif`);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).toMatchObject({ width: 480, height: 600 });
    const large = await fetch(`${server.url}/images/team/${withPhoto!.slug}-1200.jpg`);
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 960 });

    const old = await fetch(`${server.url}/images/team/${withPhoto!.slug}.svg`, { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(`/images/team/${withPhoto!.slug}-1200.jpg`);
    expect((await fetch(`${server.url}/images/team/${withDrawing!.slug}.svg`)).headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });

  it("gives sharing sites the photograph as a JPEG", async () => {
    const html = await (await fetch(`${server.url}/team/${withPhoto!.slug}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${server.services.config.publicUrl}/images/team/${withPhoto!.slug}-1200.jpg"/>`);
  });
});
