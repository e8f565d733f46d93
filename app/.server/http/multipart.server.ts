/**
 * The one reader of multipart/form-data posts (forms that send a file), for
 * Express routes (a Node request) and page actions (a web Request) alike
 * (decision record 0037). busboy parses the stream; this module holds it to
 * the route's limits as the bytes arrive: a body whose Content-Length already
 * says it is too big is refused unread, and a file that passes its cap stops
 * the reading there. Nothing is written to disk: a file is kept in memory, up
 * to its cap, and handed back with its kind judged by its content.
 */
import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";

export interface MultipartLimits<K extends string = string> {
  /** What a file is, by its bytes (null: none of the kinds the caller knows). */
  kindOf: (bytes: Uint8Array) => K | null;
  /** The file fields the route takes, each with its cap in bytes; a file in any other field is skipped. */
  files: Record<string, number>;
  /** Text fields: how many, and the bytes of each and of all together. */
  maxFields?: number;
  maxFieldBytes?: number;
  maxTotalFieldBytes?: number;
}

export interface UploadedFile<K extends string = string> {
  /** The name the sender's device gave it (unsafe: see safeFileName). */
  name: string;
  /** What the file is, by its first bytes; null when none of the kinds we know. */
  kind: K | null;
  bytes: Buffer;
}

export type MultipartResult<K extends string = string> =
  | { ok: true; fields: [string, string][]; files: Record<string, UploadedFile<K>> }
  /**
   * 413: `field` names the file that passed its cap (with the text fields read before it, so a form can keep
   * its answers); absent when the whole body or the text fields were too big.
   */
  | { ok: false; status: 413; field?: string; fields?: [string, string][] }
  /** 415: not multipart/form-data at all. 400: a body that is not well-formed multipart, or cut off. */
  | { ok: false; status: 400 | 415 };

const DEFAULTS = { maxFields: 50, maxFieldBytes: 16 * 1024, maxTotalFieldBytes: 64 * 1024 };
/** Room for the boundaries and each part's headers, beyond the files and fields themselves. */
const FRAMING_BYTES = 16 * 1024;

/** The most a whole post may be: its files' caps, its fields' total and the framing. */
export function maxMultipartBytes(limits: Pick<MultipartLimits, "files" | "maxTotalFieldBytes">): number {
  const files = Object.values(limits.files).reduce((sum, cap) => sum + cap, 0);
  return files + (limits.maxTotalFieldBytes ?? DEFAULTS.maxTotalFieldBytes) + FRAMING_BYTES;
}

/** Whether a request says it is multipart/form-data. */
export function isMultipart(contentType: string | null | undefined): boolean {
  return /^multipart\/form-data\s*;/i.test(contentType ?? "");
}

/**
 * Reads a page action's web Request or an Express route's Node request as multipart/form-data. On a refusal the
 * body is left paused and unread (never destroyed, so the answer can still be sent: ending it would end the
 * request's connection); the caller's answer should close the connection (Connection: close).
 */
export function readMultipart<K extends string>(request: Request | (Readable & { headers: IncomingHttpHeaders }), limits: MultipartLimits<K>): Promise<MultipartResult<K>> {
  const web = request instanceof Request;
  const headers: IncomingHttpHeaders = web ? Object.fromEntries(request.headers) : request.headers;
  const source = web ? request.body && Readable.fromWeb(request.body as NodeWebStream<Uint8Array>) : request;
  if (!source) return Promise.resolve({ ok: false, status: 400 });
  const { maxFields, maxFieldBytes, maxTotalFieldBytes } = { ...DEFAULTS, ...limits };
  const maxBytes = maxMultipartBytes(limits);
  if (!isMultipart(headers["content-type"])) return Promise.resolve({ ok: false, status: 415 });
  if (Number(headers["content-length"] ?? 0) > maxBytes) return Promise.resolve({ ok: false, status: 413 });
  const largestFile = Math.max(0, ...Object.values(limits.files));

  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        limits: { fields: maxFields, fieldSize: maxFieldBytes, files: Object.keys(limits.files).length, fileSize: largestFile + 1, parts: maxFields + 10 },
      });
    } catch {
      // busboy refuses a multipart type without a boundary.
      return resolve({ ok: false, status: 400 });
    }
    const fields: [string, string][] = [];
    const files: Record<string, UploadedFile<K>> = {};
    let fieldBytes = 0;
    let received = 0;
    let pendingFiles = 0;
    let parsed = false;
    /** The file being read, if any: a body that passes its cap while reading it was too big because of it. */
    let reading: string | undefined;
    let settled = false;

    const finish = (result: MultipartResult<K>) => {
      if (settled) return;
      settled = true;
      source.off("data", count);
      source.off("error", cutOff);
      source.off("aborted", cutOff);
      if (!result.ok) {
        // Stop reading here: what is still on its way is never read.
        source.unpipe(parser);
        source.pause();
      }
      parser.removeAllListeners();
      parser.on("error", () => {});
      resolve(result);
    };
    const done = () => {
      if (parsed && pendingFiles === 0) finish({ ok: true, fields, files });
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish(reading ? { ok: false, status: 413, field: reading, fields } : { ok: false, status: 413 });
    };
    const cutOff = () => finish({ ok: false, status: 400 });

    parser.on("field", (name, value, info) => {
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || info.nameTruncated || fieldBytes > maxTotalFieldBytes) return finish({ ok: false, status: 413 });
      fields.push([name, value]);
    });
    parser.on("file", (name, stream, info) => {
      const cap = limits.files[name];
      // A file field the route does not take, a second file in one field, or an empty choice: skipped.
      if (cap === undefined || files[name] !== undefined) return void stream.resume();
      pendingFiles++;
      reading = name;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > cap) return finish({ ok: false, status: 413, field: name, fields });
        chunks.push(chunk);
      });
      stream.on("end", () => {
        pendingFiles--;
        reading = undefined;
        // A form with no file chosen sends the field empty, with no name.
        if (size > 0 || info.filename) {
          const bytes = Buffer.concat(chunks, size);
          files[name] = { name: info.filename ?? "", kind: limits.kindOf(bytes), bytes };
        }
        done();
      });
    });
    parser.on("fieldsLimit", () => finish({ ok: false, status: 413 }));
    parser.on("partsLimit", () => finish({ ok: false, status: 413 }));
    parser.on("error", () => finish({ ok: false, status: 400 }));
    parser.on("close", () => {
      parsed = true;
      done();
    });
    source.on("data", count);
    source.on("error", cutOff);
    source.on("aborted", cutOff);
    source.pipe(parser);
  });
}
