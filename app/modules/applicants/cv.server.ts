/**
 * An applicant's CV, as staff meet it: what the applicant page says of it
 * (its name and size), and the file itself, answered only ever as a download
 * (decision record 0037). Stored with the application
 * (app/modules/submissions/store.server.ts) and erased with it (eraseRecords).
 */
import type { Db } from "~/.server/db/schema";
import type { Actor } from "~/modules/audit/audit.server";
import { attachmentDisposition, FILE_KINDS, type FileKind } from "~/modules/uploads/file-kinds";
import { recordCvDownload } from "./applicants.server";

/** The applicant's CV's name and size, or null when they sent none. */
export async function cvSummaryOf(db: Db, applicantId: number): Promise<{ name: string; size: number } | null> {
  return (await db.selectFrom("applicant_cvs").select(["file_name as name", "size"]).where("applicant_id", "=", applicantId).executeTakeFirst()) ?? null;
}

/**
 * The applicant's CV as a download, or null when there is none: always an
 * attachment, its exact type, never sniffed, never shown in the page, never
 * kept by a cache, and sandboxed should a browser open it anyway. Each
 * download is a line in the applicant's history.
 */
export async function cvDownload(db: Db, actor: Actor, applicantId: number): Promise<{ bytes: Buffer; headers: Record<string, string> } | null> {
  const row = await db.selectFrom("applicant_cvs").select(["file_name", "kind", "bytes"]).where("applicant_id", "=", applicantId).executeTakeFirst();
  if (!row) return null;
  await recordCvDownload(db, actor, applicantId);
  const bytes = Buffer.from(row.bytes);
  return {
    bytes,
    headers: {
      "Content-Type": FILE_KINDS[row.kind as FileKind].contentType,
      "Content-Length": String(bytes.length),
      "Content-Disposition": attachmentDisposition(row.file_name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
      "Cache-Control": "private, no-store",
    },
  };
}
