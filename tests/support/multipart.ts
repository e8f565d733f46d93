/**
 * A multipart/form-data body as a browser builds it, for the upload tests: the
 * text fields, then the file (in the field `cv` unless named), split where the
 * file's bytes start and end.
 */
export const BOUNDARY = "----cv-test-boundary-7f3a";
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export interface Upload {
  name: string;
  type: string;
  bytes: Buffer;
  /** The form field; `cv` when absent. */
  field?: string;
}

export function multipart(fields: Record<string, string>, file?: Upload) {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fileHead = file ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? "cv"}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n` : "";
  const head = Buffer.from(parts.join("") + fileHead);
  const tail = Buffer.from(`${file ? "\r\n" : ""}--${BOUNDARY}--\r\n`);
  return { head, fileBytes: file?.bytes ?? Buffer.alloc(0), tail, whole: Buffer.concat([head, file?.bytes ?? Buffer.alloc(0), tail]) };
}
