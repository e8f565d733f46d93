/**
 * A file sent with a form, judged whole on the server: its kind by its first
 * bytes (./kinds.ts judgeUpload), then what it carries (a PDF's JavaScript,
 * launch actions or attached files; a Word file's macros or embedded objects:
 * ~/modules/uploads/active-content.server.ts). The one verdict the page's
 * action and the API both give.
 */
import { ACTIVE_CONTENT_MESSAGES, activeContentOf } from "~/modules/uploads/active-content.server";
import type { FileKind } from "~/modules/uploads/file-kinds";
import { judgeUpload, type UploadRule } from "./kinds";

/** A file sent with the form, already judged by its content (./kinds.ts judgeUpload, ~/modules/uploads/active-content.server.ts). */
export interface SentFile {
  name: string;
  kind: FileKind;
  bytes: Buffer;
}

export function judgeSentFile(rule: UploadRule, sent: { name: string; kind: FileKind | null; bytes: Buffer }): { ok: true; file: SentFile } | { ok: false; status: 415; message: string } {
  const verdict = judgeUpload(rule, sent);
  if (!verdict.ok) return verdict;
  const kind = sent.kind!;
  const carried = activeContentOf(kind, sent.bytes);
  if (carried) return { ok: false, status: 415, message: ACTIVE_CONTENT_MESSAGES[carried] };
  return { ok: true, file: { name: sent.name, kind, bytes: sent.bytes } };
}
