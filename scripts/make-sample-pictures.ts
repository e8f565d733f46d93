/**
 * Makes the sample pictures: every picture the sample salon (content/) and the
 * test salon (tests/fixtures/content/) show, drawn once by the code in
 * scripts/sample-pictures/ and written as files under {dir}/images/{kind}/,
 * where the site finds them like any photograph. Run by hand after changing
 * the drawings or adding a stylist, post, offer or page to a sample salon:
 *
 *   npm run sample-pictures                       # both salons, only the pictures without a file
 *   npm run sample-pictures -- --replace          # draw every sample again (photographs too: careful)
 *   npm run sample-pictures -- content            # one content folder
 *
 * Sizes: portraits 640 × 800, the stylists' work 800 × 450, the other scenes
 * 1200 × 675 (the widest each page asks for), as JPEG; the salons' logos as
 * 640-pixel-wide PNG, which keeps them see-through. See
 * docs/decisions/0036-sample-pictures-as-files.md.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { pictureNames } from "~/modules/images/picture-names";
import { isPictureKind, type PictureKind } from "~/modules/images/variants";
import { loadContent } from "~/modules/site/load-content.server";
import { drawingOf, type DrawingSources } from "./sample-pictures/artwork";

/** The width each kind's sample file is made at: the widest copy its pages ask for. */
const sampleWidth = (kind: PictureKind, name: string): number =>
  kind === "team" || (kind === "salons" && name.endsWith("-logo")) ? 640 : kind === "work" ? 800 : 1200;
/** JPEG settings: small files that still look clean at the site's sizes (the drawings are flat colour). */
const JPEG = { quality: 74, mozjpeg: true, chromaSubsampling: "4:2:0" } as const;
const PHOTO_FILE = /\.(jpe?g|png|webp|avif)$/i;

/** Draws one picture at a width: the vector rendered at the density that gives that width, so edges stay sharp. */
async function render(svg: string, width: number, logo: boolean): Promise<Buffer> {
  const intrinsic = Number(/\bwidth="(\d+)"/.exec(svg)?.[1] ?? width);
  const density = Math.min(2400, Math.max(1, (72 * width) / intrinsic));
  const image = sharp(Buffer.from(svg), { density }).resize({ width });
  return logo ? image.png({ compressionLevel: 9, palette: true }).toBuffer() : image.flatten({ background: "#ffffff" }).jpeg(JPEG).toBuffer();
}

export async function makeSamplePictures(contentDir: string, { replace = false } = {}): Promise<{ written: string[]; kept: string[] }> {
  const content = loadContent(contentDir);
  const sources: DrawingSources = {
    stylist: async (slug) => {
      const stylist = content.stylists.find((s) => s.slug === slug);
      return stylist ? { name: `${stylist.first_name} ${stylist.last_name}`, hints: stylist.portrait } : undefined;
    },
    salon: async (id) => content.salons.find((s) => s.id === id),
  };
  const names = pictureNames(content, {
    stylistSlugs: content.stylists.map((s) => s.slug),
    teamSlugs: content.stylists.filter((s) => s.salon === ACADEMY_SALON_ID).map((s) => s.slug),
    salonIds: content.salons.map((s) => s.id),
  });
  const written: string[] = [];
  const kept: string[] = [];
  for (const key of [...names].sort()) {
    const [kind, name] = key.split("/") as [string, string];
    if (!isPictureKind(kind)) throw new Error(`${key}: not a kind of picture`);
    const folder = path.join(contentDir, "images", kind);
    const existing = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => PHOTO_FILE.test(f) && f.replace(PHOTO_FILE, "") === name) : [];
    if (existing.length > 0 && !replace) {
      kept.push(key);
      continue;
    }
    const svg = await drawingOf(kind, name, sources);
    if (!svg) throw new Error(`${key}: nothing to draw (no such stylist or salon in ${contentDir})`);
    const logo = kind === "salons" && name.endsWith("-logo");
    const bytes = await render(svg, sampleWidth(kind, name), logo);
    fs.mkdirSync(folder, { recursive: true });
    for (const file of existing) fs.rmSync(path.join(folder, file));
    fs.writeFileSync(path.join(folder, `${name}.${logo ? "png" : "jpg"}`), bytes);
    written.push(key);
  }
  return { written, kept };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const replace = args.includes("--replace");
  const dirs = args.filter((a) => !a.startsWith("--"));
  for (const dir of dirs.length > 0 ? dirs : ["content", "tests/fixtures/content"]) {
    const { written, kept } = await makeSamplePictures(dir, { replace });
    console.log(`${dir}/images: ${written.length} pictures made, ${kept.length} kept (they already have a file)`);
  }
}
