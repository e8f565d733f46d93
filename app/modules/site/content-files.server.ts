/**
 * Reading one content file: parse it, check it against its schema, and name
 * the file and field at fault when it is wrong. The files are a map of
 * content/'s own layout (path → text): read from CONTENT_DIR, or the copy the
 * database holds (decision record 0040).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { ContentError } from "~/modules/fields/content-fields";

/** content/'s words, by path inside it ("services.yaml", "blog/open-evening.md"); pictures are not among them. */
export type ContentFiles = ReadonlyMap<string, string>;

/** The files that hold words: YAML and Markdown, anywhere under the folder but images/. */
export function isContentFile(name: string): boolean {
  return /\.(ya?ml|md)$/.test(name) && !name.startsWith("images/");
}

/** A content file larger than this is refused before it is read: the studio's largest item, a 20,000-character post, is far smaller. */
export const CONTENT_FILE_MAX_BYTES = 1024 * 1024;

/**
 * Every content file under `dir`, by its path inside it (with forward
 * slashes). A link is followed only to a file or folder inside `dir` (issue
 * 31: "content import follows symlinks out of its folder"), and a file over
 * CONTENT_FILE_MAX_BYTES is refused unread: either is a ContentError naming it.
 */
export function readContentDir(dir: string): Map<string, string> {
  const root = fs.realpathSync(dir);
  const inside = (real: string) => real === root || real.startsWith(root + path.sep);
  const files = new Map<string, string>();
  const walked = new Set<string>();
  const walk = (sub: string) => {
    const real = fs.realpathSync(path.join(dir, sub));
    // A link back to a folder already read would go round for ever.
    if (walked.has(real)) return;
    walked.add(real);
    for (const entry of fs.readdirSync(real)) {
      const name = sub ? `${sub}/${entry}` : entry;
      if (name === "images") continue;
      const full = path.join(dir, name);
      if (fs.lstatSync(full).isSymbolicLink()) {
        let target: string;
        try {
          target = fs.realpathSync(full);
        } catch {
          throw new ContentError(`content/${name}: a link to nothing`);
        }
        if (!inside(target)) throw new ContentError(`content/${name}: a link to outside the content folder, which is not read`);
      }
      const stat = fs.statSync(full);
      if (stat.isDirectory()) {
        walk(name);
      } else if (stat.isFile() && isContentFile(name)) {
        if (stat.size > CONTENT_FILE_MAX_BYTES) {
          throw new ContentError(`content/${name}: ${Math.ceil(stat.size / 1024)} KB, over the ${CONTENT_FILE_MAX_BYTES / 1024} KB a content file may be`);
        }
        files.set(name, fs.readFileSync(full, "utf8"));
      }
    }
  };
  walk("");
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/** One file's text, or a ContentError naming it when it is missing. */
export function fileText(files: ContentFiles, file: string): string {
  const text = files.get(file);
  if (text === undefined) throw new ContentError(`content/${file}: missing`);
  return text;
}

export function parseFile<T>(files: ContentFiles, file: string, schema: z.ZodType<T>, parse: (s: string) => unknown): T {
  const source = fileText(files, file);
  let raw: unknown;
  try {
    raw = parse(source);
  } catch (error) {
    throw new ContentError(`content/${file}: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`);
    throw new ContentError(`content/${file}: ${first.join("; ")}`);
  }
  return result.data;
}

/** A fingerprint of a set of files: whether CONTENT_DIR still says what the database does, and which built content they make. */
export function filesHash(files: ContentFiles): string {
  const hash = createHash("sha256");
  for (const [name, body] of [...files].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${name}\0${body}\0`);
  return hash.digest("hex");
}
