/**
 * content/'s own layout in and out of the database (decision record 0040):
 * `npm run content -- export DIR` and the studio's download write the files
 * the site shows now; `npm run content -- import DIR` makes a folder's files
 * the site's content, checked whole first (links only inside the folder, and
 * the studio's own limits on each item), as one entry of the history (so it
 * can be undone like any change).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import type { Actor } from "~/modules/audit/audit.server";
import { exportPhotos } from "~/modules/photos/photo-folder.server";
import { readContentDir } from "~/modules/site/content-files.server";
import { readContentFiles } from "~/modules/site/content-store.server";
import type { Db } from "~/.server/db/schema";
import { fileChanges } from "./changes";
import { studioLimitProblems } from "./import-limits";
import { ContentError } from "~/modules/fields/content-fields";
import { changeContent, type ChangeOutcome, type ContentDb } from "./studio.server";

/**
 * Writes the content the database holds into `dir`, in content/'s layout;
 * the pictures are copied from `imagesFrom` (CONTENT_DIR/images) when given,
 * and the photos that show now are written under images/photos with their
 * list, which a new site's start seeds from. Returns how many content files were written.
 */
export async function exportContent(db: Db, dir: string, imagesFrom?: string): Promise<number> {
  const files = await readContentFiles(db);
  for (const [name, body] of files) {
    const target = path.join(dir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, body);
  }
  if (imagesFrom && fs.existsSync(imagesFrom) && path.resolve(imagesFrom) !== path.resolve(dir, "images")) {
    fs.cpSync(imagesFrom, path.join(dir, "images"), { recursive: true });
  }
  await exportPhotos(db, path.join(dir, "images"));
  return files.size;
}

/** Makes `dir`'s content files the site's content, as one change: refused whole (nothing saved) when they do not load. */
export async function importContent(content: ContentDb, actor: Actor, dir: string, now = new Date()): Promise<ChangeOutcome<number>> {
  let incoming: Map<string, string>;
  try {
    incoming = readContentDir(dir);
  } catch (error) {
    if (error instanceof ContentError) return { kind: "invalid", message: `The folder cannot be imported: ${error.message}` };
    throw error;
  }
  // The studio's own limits, item by item: what a manager could not save there is not imported either.
  const problems = studioLimitProblems(incoming);
  if (problems.length > 0) {
    const listed = problems.length <= 5 ? problems.join("; ") : `${problems.slice(0, 5).join("; ")} and ${problems.length - 5} more`;
    return { kind: "invalid", message: `The files are over the studio's limits: ${listed}` };
  }
  return changeContent(
    content,
    actor,
    (files) => {
      const changes = fileChanges(files, incoming);
      const names = changes.map((c) => c.file);
      const listed = names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
      return {
        planned: { what: "content", summary: `Imported the content files: ${names.length === 1 ? "1 file" : `${names.length} files`} changed (${listed})`, changes },
        result: () => names.length,
      };
    },
    now,
  );
}

/**
 * Sends the content as a .tar.gz of a `content/` folder (the studio's
 * download) to `destination`: written to a folder of its own first, packed by
 * node-tar as it is sent. The folder is removed however the sending ends
 * (issue 31: "an aborted studio export leaves its copy in the system temp
 * folder"): sent whole, failed, or the client gone half way (the pack is then
 * stopped, and the promise rejects with the stream's error).
 */
export async function sendContentArchive(db: Db, destination: Writable, imagesFrom?: string): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "content-export-"));
  try {
    await exportContent(db, path.join(work, "content"), imagesFrom);
    // The client may have gone while the copy was written.
    if (destination.destroyed) return;
    const pack = tar.c({ gzip: true, cwd: work, portable: true }, ["content"]) as unknown as Readable;
    // Stopped half way, the pack may still report a file it was reading: the pipeline has its answer already.
    pack.on("error", () => {});
    await pipeline(pack, destination);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
