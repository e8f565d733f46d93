/**
 * The site's content, held by the database (decision record 0040): content/'s
 * own files (path → text) in `content_files`, seeded from CONTENT_DIR only
 * when the table is empty. Each instance keeps the content it last built from
 * them in memory, in its snapshot of the site (app/web/site-snapshot.server.ts,
 * decision record 0054), and builds it again when the site's revision moves.
 */
import { sql, type Kysely } from "kysely";
import type { Database, Db } from "~/.server/db/schema";
import type { Engine } from "~/.server/db/database.server";
import { filesHash, readContentDir, type ContentFiles } from "./content-files.server";
import { loadContent } from "./load-content.server";

/** Every content file the database holds. */
export async function readContentFiles(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom("content_files").select(["path", "body"]).orderBy("path").execute();
  return new Map(rows.map((r) => [r.path, r.body]));
}

/** Writes `files` as the content, replacing whatever was there (inside the caller's transaction). */
export async function writeContentFiles(db: Db, files: ContentFiles, now: Date): Promise<void> {
  await db.deleteFrom("content_files").execute();
  const rows = [...files].map(([path, body]) => ({ path, body, updated_at: now.toISOString() }));
  for (let i = 0; i < rows.length; i += 100) await db.insertInto("content_files").values(rows.slice(i, i + 100)).execute();
}

/** Takes the content's lock for this transaction (PostgreSQL; SQLite has one writer at a time anyway). */
export async function lockContent(db: Db, engine: Engine): Promise<void> {
  if (engine === "postgres") await sql`select pg_advisory_xact_lock(hashtext('base-hair-academy:content'))`.execute(db);
}

/**
 * Seeds the content from CONTENT_DIR when the database has none; never
 * otherwise. Checked first: files that do not load are refused before
 * anything is written. Safe when several instances start at once. Says
 * whether it `seeded`, and whether CONTENT_DIR's files say something else
 * than the database (`differs`: a developer edited them; import them to use them).
 */
export async function seedContentFiles(db: Kysely<Database>, engine: Engine, dir: string, now = new Date()) {
  const files = readContentDir(dir);
  return db.transaction().execute(async (trx) => {
    await lockContent(trx, engine);
    const held = await readContentFiles(trx);
    if (held.size > 0) return { seeded: false, differs: filesHash(held) !== filesHash(files) };
    loadContent(files);
    await writeContentFiles(trx, files, now);
    return { seeded: true, differs: false };
  });
}
