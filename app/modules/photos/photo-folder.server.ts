/**
 * The photos in content/'s own layout (decision record 0042): the export
 * writes the photos that show now as files under content/images/photos/, with
 * photos.yaml beside them keeping what each is of, its words, its focus point
 * and who confirmed the consent; a site started from that folder seeds its
 * empty photos table from them, so it shows the same photos.
 */
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { z } from "zod";
import type { Engine } from "~/.server/db/database.server";
import type { Db } from "~/.server/db/schema";
import { ContentError } from "~/modules/fields/content-fields";
import { lockContent } from "~/modules/site/content-store.server";
import { ALT_MAX, parseTarget } from "./photo-rules";
import { placeholderOf, preparePhoto, type PreparedPhoto } from "./photos.server";

/** The folder under content/images that holds them (no kind of picture: the picture library passes it by). */
export const PHOTOS_FOLDER = "photos";
const LIST = "photos.yaml";

const HEADER = `Photos managers put on the site, as the export wrote them: each file here with what it is of,
the words that describe it, its focus point (0-1 across and down) and who confirmed that the
people in it agreed. A site started from this folder with an empty database shows them.`;

const listedPhoto = z.object({
  file: z.string().regex(/^\d{1,9}\.(jpg|webp)$/, "a file in this folder, named like 12.jpg"),
  for: z.string().refine((value) => parseTarget(value) !== undefined, "stylist:{slug}, work:{slug}, post:{slug}, offer:{slug}, map:{salon id} or hero"),
  alt: z.string().trim().min(1).max(ALT_MAX),
  focus_x: z.number().min(0).max(1),
  focus_y: z.number().min(0).max(1),
  consent_by: z.string().trim().min(1),
  consent_at: z.iso.datetime(),
  added_by: z.string().trim().min(1),
  added_at: z.iso.datetime(),
});
const photoList = z.array(listedPhoto);

/**
 * Writes the photos that show now (or wait behind a newer one) into
 * `imagesDir`/photos, oldest first, and their list; removes what an earlier
 * export left there. Returns how many.
 */
export async function exportPhotos(db: Db, imagesDir: string): Promise<number> {
  const folder = path.join(imagesDir, PHOTOS_FOLDER);
  fs.rmSync(folder, { recursive: true, force: true });
  const rows = await db
    .selectFrom("photos")
    .select(["id", "target", "bytes", "kind", "alt", "focus_x", "focus_y", "consent_by", "consent_at", "created_by as added_by", "created_at as added_at"])
    .where("removed_at", "is", null)
    .orderBy("id")
    .execute();
  if (rows.length === 0) return 0;
  fs.mkdirSync(folder, { recursive: true });
  // The list's fields in photos.yaml's order: the consent and who added it last, as selected.
  const list = rows.map(({ id, target, bytes, kind, alt, focus_x, focus_y, ...consent }) => {
    const file = `${id}.${kind === "webp" ? "webp" : "jpg"}`;
    fs.writeFileSync(path.join(folder, file), Buffer.from(bytes));
    return { file, for: target, alt, focus_x: Number(focus_x), focus_y: Number(focus_y), ...consent };
  });
  const doc = new YAML.Document(list);
  doc.commentBefore = HEADER.split("\n").map((line) => ` ${line}`).join("\n");
  fs.writeFileSync(path.join(folder, LIST), doc.toString({ lineWidth: 0 }));
  return rows.length;
}

/**
 * Seeds an empty photos table from `imagesDir`/photos/photos.yaml, if there is
 * one: each file judged and re-encoded as an upload is. A mistake in the list
 * or a file that is no photo stops the start, naming it. Never touches a table
 * that has photos; safe when several instances start at once.
 */
export async function seedPhotos(db: Db, engine: Engine, imagesDir: string): Promise<number> {
  const folder = path.join(imagesDir, PHOTOS_FOLDER);
  const listFile = path.join(folder, LIST);
  if (!fs.existsSync(listFile)) return 0;
  const shown = `content/images/${PHOTOS_FOLDER}/${LIST}`;
  const parsed = photoList.safeParse(YAML.parse(fs.readFileSync(listFile, "utf8")) ?? []);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ContentError(`${shown}: ${issue.path.join(".") || "the list"}: ${issue.message}`);
  }
  const held = await db.selectFrom("photos").select("id").limit(1).executeTakeFirst();
  if (held || parsed.data.length === 0) return 0;
  const ready: { listed: z.infer<typeof listedPhoto>; prepared: Extract<PreparedPhoto, { kind: "ready" }>; placeholder: string }[] = [];
  for (const listed of parsed.data) {
    const file = path.join(folder, listed.file);
    const prepared = fs.existsSync(file) ? await preparePhoto(fs.readFileSync(file)) : undefined;
    if (prepared?.kind !== "ready") throw new ContentError(`${shown}: ${listed.file} is not a photo in content/images/${PHOTOS_FOLDER}`);
    const focus = { x: listed.focus_x, y: listed.focus_y };
    ready.push({ listed, prepared, placeholder: await placeholderOf(prepared, parseTarget(listed.for)!, focus) });
  }
  return db.transaction().execute(async (trx) => {
    await lockContent(trx, engine);
    if (await trx.selectFrom("photos").select("id").limit(1).executeTakeFirst()) return 0;
    for (const { listed, prepared, placeholder } of ready) {
      // The list's words, focus point and consent as they are; its file, target and who added it under the table's names.
      const { file: _file, for: target, added_by, added_at, ...kept } = listed;
      const { bytes, format: kind, width, height } = prepared;
      await trx
        .insertInto("photos")
        .values({ ...kept, target, bytes, kind, width, height, placeholder, created_by: added_by, created_at: added_at, removed_by: null, removed_at: null })
        .execute();
    }
    return ready.length;
  });
}
