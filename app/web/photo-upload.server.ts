/**
 * Reads a photo upload, from the Photos page's form (a web Request) or the
 * API (a Node request), through the one multipart reader
 * (app/.server/http/multipart.server.ts): the file in memory up to 15 MiB and
 * the few short fields beside it, each capped as the bytes arrive, so a body
 * too large is refused before it has all been sent.
 */
import type { IncomingMessage } from "node:http";
import { maxMultipartBytes, readMultipart, type MultipartLimits } from "~/.server/http/multipart.server";
import { ALT_MAX, PHOTO_MAX_BYTES } from "~/modules/photos/photo-rules";
import { sniffFileKind, type FileKind } from "~/modules/uploads/file-kinds";

const limits: MultipartLimits<FileKind> = {
  kindOf: sniffFileKind,
  files: { file: PHOTO_MAX_BYTES },
  maxFields: 10,
  maxFieldBytes: ALT_MAX * 4 + 64,
  maxTotalFieldBytes: 4 * 1024,
};

/** The most a whole upload may be, the file's cap and the fields' with their framing: a longer Content-Length is refused unread. */
export const PHOTO_FORM_MAX_BYTES = maxMultipartBytes(limits);

export type PhotoUploadRead =
  | { kind: "read"; fields: Record<string, string>; file?: Buffer }
  | { kind: "too-large" }
  | { kind: "not-multipart" }
  | { kind: "bad-form" };

export async function readPhotoUpload(source: Request | IncomingMessage): Promise<PhotoUploadRead> {
  const result = await readMultipart(source, limits);
  if (!result.ok) return result.status === 413 ? { kind: "too-large" } : result.status === 415 ? { kind: "not-multipart" } : { kind: "bad-form" };
  const fields: Record<string, string> = {};
  // A field sent twice counts once: the first.
  for (const [name, value] of result.fields) fields[name] ??= value;
  return { kind: "read", fields, file: result.files.file?.bytes };
}
