/**
 * Reading one content file: parse it, check it against its schema, and name
 * the file and field at fault when it is wrong.
 */
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import type { z } from "zod";
import { ContentError } from "~/modules/fields/content-fields";

export function parseFile<T>(dir: string, file: string, schema: z.ZodType<T>, parse: (s: string) => unknown): T {
  const full = path.join(dir, file);
  let raw: unknown;
  try {
    raw = parse(fs.readFileSync(full, "utf8"));
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

export const yaml = (s: string) => YAML.parse(s) as unknown;
