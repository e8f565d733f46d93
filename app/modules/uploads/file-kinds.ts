/**
 * What a sent file really is, judged by its first bytes (its "magic"), never
 * by its name or the type the browser claims (decision record 0037). A file
 * that is none of these kinds is refused, whatever it is called. Pure: a
 * table-tested reading of bytes, no parsing of the document itself.
 */

export type FileKind = "pdf" | "docx" | "jpeg" | "png" | "webp" | "heic";

/** Each kind's exact content type and its file name extension. */
export const FILE_KINDS: Record<FileKind, { contentType: string; extension: string }> = {
  pdf: { contentType: "application/pdf", extension: ".pdf" },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: ".docx" },
  jpeg: { contentType: "image/jpeg", extension: ".jpg" },
  png: { contentType: "image/png", extension: ".png" },
  webp: { contentType: "image/webp", extension: ".webp" },
  heic: { contentType: "image/heic", extension: ".heic" },
};

/** The kinds a CV may be. */
export const DOCUMENT_KINDS: readonly FileKind[] = ["pdf", "docx"];
/** The kinds a photograph may be. */
export const IMAGE_KINDS: readonly FileKind[] = ["jpeg", "png", "webp", "heic"];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The kind of file these bytes are, or null when they are none of the kinds above. */
export function sniffFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (isHeic(bytes)) return "heic";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && isWordDocument(bytes)) return "docx";
  return null;
}

/** HEIF brands that hold HEVC pictures: what phones save as .heic. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);
/** Generic HEIF brands: HEIC only when a compatible brand says so (AVIF uses them too). */
const HEIF_GENERIC = new Set(["mif1", "msf1"]);

/** An ISO media file ("ftyp" box first) whose brands say HEIC. */
function isHeic(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii("ftyp"), 4)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = view.getUint32(0);
  if (boxSize < 16 || boxSize > bytes.length || boxSize > 4096) return false;
  const brand = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  const major = brand(8);
  if (HEIC_BRANDS.has(major)) return true;
  if (!HEIF_GENERIC.has(major)) return false;
  for (let at = 16; at + 4 <= boxSize; at += 4) if (HEIC_BRANDS.has(brand(at))) return true;
  return false;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end-of-directory record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_RECORD_BYTES = 22;
const MAX_COMMENT = 0xffff;
/** A Word document has a few dozen parts; more than this is not one we take. */
const MAX_ENTRIES = 5000;
/** The two parts every Word document (Office Open XML, ECMA-376) has. */
const WORD_PARTS = ["[Content_Types].xml", "word/document.xml"];

/** An entry of a ZIP's central directory: its name's bytes (`nameFits`: they end before the directory does) and where its data is. */
export interface ZipEntry {
  name: Uint8Array;
  nameFits: boolean;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/**
 * A ZIP file's central directory, entry by entry: only the directory is read
 * (bounds-checked); nothing is decompressed. Null instead of the rest where it
 * cannot be read: no end record, a ZIP64 file, more entries than MAX_ENTRIES,
 * or an entry out of bounds.
 */
export function* zipDirectory(bytes: Uint8Array): Generator<ZipEntry | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-directory record, searched for back from the end (its last two bytes before the comment give the comment's length).
  const first = Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT);
  let end = bytes.length - END_RECORD_BYTES;
  while (end >= first && !(view.getUint32(end, true) === END_OF_DIRECTORY && end + END_RECORD_BYTES + view.getUint16(end + 20, true) === bytes.length)) end--;
  if (end < first) return yield null;
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (entries === 0 || entries === 0xffff || entries > MAX_ENTRIES || offset + size > end) return yield null;
  let at = offset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) return yield null;
    const nameLength = view.getUint16(at + 28, true);
    const nameEnd = at + 46 + nameLength;
    yield { name: bytes.subarray(at + 46, nameEnd), nameFits: nameEnd <= end, method: view.getUint16(at + 10, true), compressedSize: view.getUint32(at + 20, true), localOffset: view.getUint32(at + 42, true) };
    at = nameEnd + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}

/** A ZIP file whose central directory names the parts of a Word document. A ZIP64 file, an old binary .doc, a spreadsheet or any other ZIP is not one. */
export function isWordDocument(bytes: Uint8Array): boolean {
  const wanted = new Set(WORD_PARTS);
  const decoder = new TextDecoder("utf-8", { fatal: false });
  for (const entry of zipDirectory(bytes)) {
    if (!entry?.nameFits) return false;
    wanted.delete(decoder.decode(entry.name));
    if (wanted.size === 0) return true;
  }
  return false;
}

/** Control characters, and what a file name must not hold in a header or on a disk. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[\u0000-\u001f\u007f"\\/:*?<>|;]+/g;
const MAX_NAME_LENGTH = 100;

/**
 * A sent file's name made safe to keep and to offer back: no folders, no
 * control or quoting characters, at most 100 characters, and ending in its
 * real kind's extension (a "cv.txt" that is a PDF becomes "cv.txt.pdf").
 */
export function safeFileName(sent: string, kind: FileKind): string {
  const { extension } = FILE_KINDS[kind];
  const base = (sent.split(/[\\/]/).pop() ?? "").normalize("NFC").replace(UNSAFE_NAME, " ").replace(/\s+/g, " ").trim().replace(/^\.+/, "");
  const stem = base.toLowerCase().endsWith(extension) ? base.slice(0, -extension.length) : base;
  const short = [...stem.trim()].slice(0, MAX_NAME_LENGTH - extension.length).join("").trim();
  return `${short || "file"}${extension}`;
}

/**
 * The Content-Disposition of a download (RFC 6266): always an attachment, with
 * a plain ASCII name for old clients and the exact name in UTF-8 (RFC 8187).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A file's size in words: "820 bytes", "120 KB", "4.2 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
