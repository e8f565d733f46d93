import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { pictureNames } from "~/modules/images/picture-names";
import { loadContent } from "~/modules/site/load-content.server";

const PICTURE = /^([a-z0-9-]+)\.(jpg|png)$/;

/** Every picture a content folder's pages show, and the files under its images/. */
function picturesOf(dir: string) {
  const content = loadContent(dir);
  const wanted = pictureNames(content, {
    stylistSlugs: content.stylists.map((s) => s.slug),
    teamSlugs: content.stylists.filter((s) => s.salon === ACADEMY_SALON_ID).map((s) => s.slug),
    salonIds: content.salons.map((s) => s.id),
  });
  const files = new Map<string, number>();
  const imagesDir = path.join(dir, "images");
  for (const kind of fs.readdirSync(imagesDir)) {
    for (const file of fs.readdirSync(path.join(imagesDir, kind))) {
      const match = PICTURE.exec(file);
      if (match) files.set(`${kind}/${match[1]}`, fs.statSync(path.join(imagesDir, kind, file)).size);
    }
  }
  return { wanted, files };
}

describe("the sample pictures (npm run sample-pictures)", () => {
  // The shipped content's files are checked by tests/integration/shipped-content.test.ts, as the running site sees them.
  for (const dir of ["tests/fixtures/content"]) {
    it(`give every picture the test salon shows a small file, and no file that nothing shows`, () => {
      const { wanted, files } = picturesOf(dir);
      expect([...wanted].filter((name) => !files.has(name))).toEqual([]);
      expect([...files.keys()].filter((name) => !wanted.has(name))).toEqual([]);
      // Small enough that the repository stays lean: a sample is a flat drawing, tens of kilobytes.
      expect([...files].filter(([, size]) => size > 80_000)).toEqual([]);
    });
  }
});
