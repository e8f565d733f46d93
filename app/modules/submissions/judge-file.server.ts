/**
 * A form's multipart post (a CV with the join-us form), read through the
 * capped reader and its file judged whole on the server: its kind by its first
 * bytes (./kinds.ts judgeUpload), then what it carries (a PDF's JavaScript,
 * launch actions or attached files; a Word file's macros or embedded objects:
 * ~/modules/uploads/active-content.server.ts). The one reading and verdict the
 * page's action and the API both give, each in its own answer.
 */
import { readMultipart } from "~/.server/http/multipart.server";
import { ACTIVE_CONTENT_MESSAGES, activeContentOf } from "~/modules/uploads/active-content.server";
import { sniffFileKind, type FileKind } from "~/modules/uploads/file-kinds";
import { judgeUpload, type UploadRule } from "./kinds";

/** A file sent with the form, already judged by its content (./kinds.ts judgeUpload, ~/modules/uploads/active-content.server.ts). */
export interface SentFile {
  name: string;
  kind: FileKind;
  bytes: Buffer;
}

/**
 * A refusal keeps the answers read (all of them, or those before a file too big) and, when the file is to blame,
 * the words beside it (`fileError`): too big, or refused by its content.
 */
export async function readUpload(
  request: Parameters<typeof readMultipart>[0],
  upload: UploadRule,
): Promise<{ ok: true; fields: [string, string][]; file?: SentFile } | { ok: false; status: 400 | 413 | 415; fields: [string, string][]; fileError?: string }> {
  const read = await readMultipart(request, { files: { [upload.field]: upload.maxBytes }, kindOf: sniffFileKind });
  if (!read.ok) return read.status === 413 ? { ok: false, status: 413, fields: read.fields ?? [], fileError: read.field && upload.tooLarge } : { ok: false, status: read.status, fields: [] };
  const sent = read.files[upload.field];
  if (!sent) return { ok: true, fields: read.fields };
  const verdict = judgeUpload(upload, sent);
  if (!verdict.ok) return { ok: false, status: 415, fields: read.fields, fileError: verdict.message };
  const kind = sent.kind!;
  const carried = activeContentOf(kind, sent.bytes);
  if (carried) return { ok: false, status: 415, fields: read.fields, fileError: ACTIVE_CONTENT_MESSAGES[carried] };
  return { ok: true, fields: read.fields, file: { name: sent.name, kind, bytes: sent.bytes } };
}
