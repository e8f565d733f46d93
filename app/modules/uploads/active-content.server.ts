/**
 * Whether a document carries something that runs or hides another file (issue
 * 31; api-contract.md, "Applicant desk"; ASVS 5.4.3): a PDF with JavaScript, a
 * launch action or an embedded file, or a Word document with macros or
 * embedded objects. Judged by the content, not the name. Pure (bytes in, a
 * verdict out); server-only because it inflates with node:zlib.
 *
 * What is read:
 * - PDF: every name outside strings, comments and stream data, with `#xx`
 *   escapes decoded (`/J#61vaScript` is `/JavaScript`); object streams
 *   (`/Type /ObjStm`, FlateDecode) are inflated and read the same way; and the
 *   long names (JavaScript, Launch, EmbeddedFile, EmbeddedFiles,
 *   FileAttachment) are also looked for in every stream's raw bytes, so an
 *   object hidden where a sequential reading sees stream data is still seen.
 *   The short names (/JS, /EF) are not looked for in raw stream bytes:
 *   compressed data holds "/JS" by chance in about one large file in fifty.
 *   An object stream that cannot be read (another filter, encrypted, past
 *   the inflate budget) is refused as unreadable: we cannot say it is clean.
 * - Word: the ZIP's entry names (vbaProject.bin, vbaData.xml, word/embeddings/,
 *   oleObject, word/activeX/), the content types in [Content_Types].xml (the
 *   macro-enabled document and template, VBA project and data, OLE objects,
 *   ActiveX) and every relationship part's types (oleObject, package,
 *   vbaProject, activeXControl, aFChunk), so a renamed part is still seen.
 */
import { inflateRawSync, inflateSync } from "node:zlib";
import type { FileKind } from "./file-kinds";

export type ActiveContent = "javascript" | "launch" | "embedded-file" | "macros" | "embedded-object" | "unreadable";

/** What the applicant is told (415), by what was found. */
export const ACTIVE_CONTENT_MESSAGES: Record<ActiveContent, string> = {
  javascript: "That PDF contains JavaScript, which we can't accept. Please save your CV again as a plain PDF (Print to PDF works), or send a Word file.",
  launch: "That PDF tries to open other programs or files, which we can't accept. Please save your CV again as a plain PDF (Print to PDF works), or send a Word file.",
  "embedded-file": "That PDF has other files attached inside it, which we can't accept. Please save your CV again as a plain PDF (Print to PDF works), or send a Word file.",
  macros: "That Word file contains macros, which we can't accept. Please save your CV as a Word Document (.docx) without macros, or as a PDF.",
  "embedded-object": "That Word file has other files or objects embedded in it, which we can't accept. Please save your CV without them, or as a PDF.",
  unreadable: "We couldn't check that file (it may be protected or damaged). Please save your CV again as a plain PDF or Word file without a password.",
};

/** What a PDF or Word file carries that we refuse, or null when it carries none of it; other kinds carry nothing here. */
export function activeContentOf(kind: FileKind, bytes: Uint8Array): ActiveContent | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "pdf") return pdfActiveContent(buffer);
  if (kind === "docx") return wordActiveContent(buffer);
  return null;
}

// PDF ---------------------------------------------------------------------------

/** The names that say a PDF runs something or carries a file, and what each means. */
const PDF_NAMES: Record<string, ActiveContent> = {
  JS: "javascript",
  JavaScript: "javascript",
  Launch: "launch",
  EF: "embedded-file",
  EmbeddedFile: "embedded-file",
  EmbeddedFiles: "embedded-file",
  FileAttachment: "embedded-file",
};
/** A byte as a name may spell it: itself, or #xx in either case of hex digit. */
const spellings = (c: string) => {
  const hex = [...c.charCodeAt(0).toString(16).padStart(2, "0")].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join("");
  return `(?:${c}|#${hex})`;
};
/**
 * Names long enough that random compressed bytes never spell them (each is 7 bytes or more), as a pattern
 * for raw stream data: in any spelling, and followed by what ends a name.
 */
const LONG_PDF_NAMES = Object.keys(PDF_NAMES)
  .filter((name) => name.length >= 6)
  .map((name) => [new RegExp(`/${[...name].map(spellings).join("")}(?![^\\x00\\t\\n\\f\\r ()<>\\[\\]{}/%])`), PDF_NAMES[name]!] as const);

/** The most an object stream may inflate to, and all of them together: far beyond any CV's. */
const OBJECT_STREAM_MAX_BYTES = 8 * 1024 * 1024;
const OBJECT_STREAMS_MAX_BYTES = 32 * 1024 * 1024;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (byte: number) => !WHITESPACE.has(byte) && !DELIMITERS.has(byte);

/** A name's bytes with its #xx escapes decoded (PDF 1.2 on). */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

type Token =
  | { type: "name"; value: string }
  | { type: "number"; value: number }
  | { type: "keyword"; value: string }
  | { type: "open-dict" | "close-dict" | "open-array" | "close-array" | "string" };

/**
 * Reads PDF tokens from `text` (bytes as latin1) from `at`: strings (nested
 * parentheses, escapes), hex strings and comments are stepped over whole.
 */
class Lexer {
  constructor(
    readonly text: string,
    public at = 0,
  ) {}

  next(): Token | null {
    const { text } = this;
    for (;;) {
      while (this.at < text.length && WHITESPACE.has(text.charCodeAt(this.at))) this.at++;
      if (this.at >= text.length) return null;
      const c = text[this.at]!;
      if (c === "%") {
        while (this.at < text.length && text[this.at] !== "\n" && text[this.at] !== "\r") this.at++;
        continue;
      }
      if (c === "(") return this.literalString();
      if (c === "<") {
        if (text[this.at + 1] === "<") {
          this.at += 2;
          return { type: "open-dict" };
        }
        const end = text.indexOf(">", this.at);
        this.at = end === -1 ? text.length : end + 1;
        return { type: "string" };
      }
      if (c === ">") {
        if (text[this.at + 1] !== ">") {
          this.at++;
          continue;
        }
        this.at += 2;
        return { type: "close-dict" };
      }
      if (c === "[" || c === "]") {
        this.at++;
        return { type: c === "[" ? "open-array" : "close-array" };
      }
      if (c === "{" || c === "}" || c === ")") {
        this.at++;
        continue;
      }
      const start = c === "/" ? this.at + 1 : this.at;
      let end = start;
      while (end < text.length && isRegular(text.charCodeAt(end))) end++;
      this.at = Math.max(end, this.at + 1);
      const word = text.slice(start, end);
      if (c === "/") return { type: "name", value: decodeName(word) };
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { type: "number", value: Number(word) };
      return { type: "keyword", value: word };
    }
  }

  private literalString(): Token {
    const { text } = this;
    let depth = 0;
    while (this.at < text.length) {
      const c = text[this.at++];
      if (c === "\\") this.at++;
      else if (c === "(") depth++;
      else if (c === ")" && --depth === 0) break;
    }
    return { type: "string" };
  }
}

/** A dictionary as far as we need it: its direct names, numbers and references at its own level. */
type Value = { kind: "name"; name: string } | { kind: "number"; value: number } | { kind: "ref"; id: number; generation: number } | { kind: "other" } | { kind: "names"; names: string[] };

class PdfReader {
  private inflated = 0;
  /** Where each object starts ("12 0" → its offset), found lazily, for a stream's indirect /Length. */
  private offsets?: Map<string, number>;

  constructor(readonly text: string) {}

  /** What the whole file carries, or null. */
  read(): ActiveContent | null {
    return this.readObjects(this.text, true);
  }

  /**
   * Reads `text` token by token: every name is checked; a dictionary followed
   * by `stream` has its data stepped over (by /Length, else to `endstream`),
   * looked through for the long names, and inflated and read when it is an
   * object stream. `streams`: false inside an object stream (it holds none).
   */
  private readObjects(text: string, streams: boolean): ActiveContent | null {
    const lexer = new Lexer(text);
    // The dictionaries being read, innermost last: each maps its keys to the values we may need.
    // `lastKey`: the key of the value read last, which a reference ("12 0 R") replaces.
    const open: { entries: Map<string, Value>; key: string | null; lastKey: string | null }[] = [];
    let arrayDepth = 0;
    let arrayNames: string[] | null = null;
    let lastDict: Map<string, Value> | null = null;
    // The last two numbers, for "12 0 R".
    let numbers: number[] = [];
    const setValue = (value: Value) => {
      const dict = open.at(-1);
      if (!dict || arrayDepth > 0) return;
      if (dict.key === null) {
        if (value.kind === "name") dict.key = value.name;
      } else {
        dict.entries.set(dict.key, value);
        dict.lastKey = dict.key;
        dict.key = null;
      }
    };
    for (let token = lexer.next(); token; token = lexer.next()) {
      if (token.type !== "number" && !(token.type === "keyword" && token.value === "R")) numbers = [];
      switch (token.type) {
        case "name": {
          const found = PDF_NAMES[token.value];
          if (found) return found;
          if (arrayDepth === 1 && arrayNames) arrayNames.push(token.value);
          setValue({ kind: "name", name: token.value });
          break;
        }
        case "number":
          numbers.push(token.value);
          if (numbers.length > 2) numbers.shift();
          setValue({ kind: "number", value: token.value });
          break;
        case "keyword":
          if (token.value === "R" && numbers.length === 2) {
            const dict = open.at(-1);
            if (dict && arrayDepth === 0 && dict.lastKey !== null) dict.entries.set(dict.lastKey, { kind: "ref", id: numbers[0]!, generation: numbers[1]! });
            numbers = [];
          } else if (token.value === "stream" && streams && lastDict && open.length === 0) {
            const found = this.stream(lexer, lastDict);
            if (found) return found;
            lastDict = null;
          } else if (open.length > 0 && arrayDepth === 0) {
            setValue({ kind: "other" });
          } else {
            lastDict = null;
          }
          break;
        case "open-dict":
          open.push({ entries: new Map(), key: null, lastKey: null });
          break;
        case "close-dict": {
          const closed = open.pop();
          if (closed && open.length === 0) lastDict = closed.entries;
          else setValue({ kind: "other" });
          break;
        }
        case "open-array":
          arrayDepth++;
          if (arrayDepth === 1) arrayNames = [];
          break;
        case "close-array":
          arrayDepth = Math.max(0, arrayDepth - 1);
          if (arrayDepth === 0) {
            setValue(arrayNames ? { kind: "names", names: arrayNames } : { kind: "other" });
            arrayNames = null;
          }
          break;
        case "string":
          setValue({ kind: "other" });
          break;
      }
    }
    return null;
  }

  /** Steps over a stream's data (the lexer just read `stream`), reading what it must. */
  private stream(lexer: Lexer, dict: Map<string, Value>): ActiveContent | null {
    const { text } = lexer;
    let start = lexer.at;
    if (text[start] === "\r") start++;
    if (text[start] === "\n") start++;
    const length = this.lengthOf(dict.get("Length"));
    let end: number;
    if (length !== null && start + length <= text.length && /^\s*endstream/.test(text.slice(start + length, start + length + 32))) end = start + length;
    else {
      const found = text.indexOf("endstream", start);
      end = found === -1 ? text.length : found;
    }
    const data = text.slice(start, end);
    lexer.at = end;
    for (const [pattern, found] of LONG_PDF_NAMES) if (pattern.test(data)) return found;
    const type = dict.get("Type");
    if (type?.kind === "name" && type.name === "ObjStm") return this.objectStream(data, dict.get("Filter"));
    return null;
  }

  /** An object stream's objects, inflated and read; unreadable when its filter is not FlateDecode alone or it will not inflate within the budget. */
  private objectStream(data: string, filter: Value | undefined): ActiveContent | null {
    const filters = filter === undefined ? [] : filter.kind === "name" ? [filter.name] : filter.kind === "names" ? filter.names : null;
    if (filters === null || filters.some((f) => f !== "FlateDecode" && f !== "Fl") || filters.length > 1) return "unreadable";
    let objects: Buffer;
    try {
      const packed = Buffer.from(data, "latin1");
      const room = Math.min(OBJECT_STREAM_MAX_BYTES, OBJECT_STREAMS_MAX_BYTES - this.inflated);
      if (room <= 0) return "unreadable";
      objects = filters.length === 0 ? packed : inflateSync(packed, { maxOutputLength: room });
    } catch {
      // Past the budget, encrypted, or not Flate data at all.
      return "unreadable";
    }
    this.inflated += objects.length;
    return this.readObjects(objects.toString("latin1"), false);
  }

  /** A stream's /Length: a number, or a reference to an object that is one. */
  private lengthOf(value: Value | undefined): number | null {
    if (value?.kind === "number") return value.value;
    if (value?.kind !== "ref") return null;
    this.offsets ??= objectOffsets(this.text);
    const at = this.offsets.get(`${value.id} ${value.generation}`);
    if (at === undefined) return null;
    const match = /^\s*obj\s*(\d+)\s*endobj/.exec(this.text.slice(at, at + 64));
    return match ? Number(match[1]) : null;
  }
}

/** Where each "N G obj" begins its object (just after its numbers), by "N G". */
function objectOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  for (const match of text.matchAll(/(?<![0-9])(\d+)\s+(\d+)\s+(?=obj)/g)) offsets.set(`${match[1]} ${match[2]}`, match.index + match[0].length);
  return offsets;
}

function pdfActiveContent(bytes: Buffer): ActiveContent | null {
  return new PdfReader(bytes.toString("latin1")).read();
}

// Word --------------------------------------------------------------------------

/** Entry names (lower case) that are macros or embedded objects. */
const WORD_PART_RULES: [RegExp, ActiveContent][] = [
  [/(^|\/)vbaproject\.bin$/, "macros"],
  [/(^|\/)vbadata\.xml$/, "macros"],
  [/^word\/embeddings\//, "embedded-object"],
  [/oleobject/, "embedded-object"],
  [/^word\/activex\//, "embedded-object"],
];
/** Content types that are macros or embedded objects (in [Content_Types].xml). */
const WORD_CONTENT_TYPES: [RegExp, ActiveContent][] = [
  [/macroenabled/i, "macros"],
  [/vnd\.ms-office\.vbaproject/i, "macros"],
  [/vnd\.ms-word\.vbadata/i, "macros"],
  [/oleobject/i, "embedded-object"],
  [/vnd\.ms-office\.activex/i, "embedded-object"],
];
/** Relationship types (in any .rels part) that are macros or embedded objects. */
const WORD_RELATIONSHIPS: [RegExp, ActiveContent][] = [
  [/\/(vbaProject|wordVbaData)["']/i, "macros"],
  [/\/(oleObject|package|activeXControl|activeXControlBinary|aFChunk)["']/i, "embedded-object"],
];
/** The most a part we read ([Content_Types].xml, a .rels) may inflate to: they are a few KB. */
const WORD_PART_MAX_BYTES = 1024 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/** The ZIP's central directory (the Word document's check in ./file-kinds.ts has found it whole), or null when it cannot be read. */
function zipEntries(bytes: Buffer): ZipEntry[] | null {
  const last = bytes.length - 22;
  for (let at = last; at >= Math.max(0, last - 0xffff); at--) {
    if (bytes.readUInt32LE(at) !== 0x06054b50 || at + 22 + bytes.readUInt16LE(at + 20) !== bytes.length) continue;
    const count = bytes.readUInt16LE(at + 10);
    let entry = bytes.readUInt32LE(at + 16);
    const entries: ZipEntry[] = [];
    for (let i = 0; i < count; i++) {
      if (entry + 46 > at || bytes.readUInt32LE(entry) !== 0x02014b50) return null;
      const nameLength = bytes.readUInt16LE(entry + 28);
      entries.push({
        name: bytes.toString("utf8", entry + 46, entry + 46 + nameLength),
        method: bytes.readUInt16LE(entry + 10),
        compressedSize: bytes.readUInt32LE(entry + 20),
        localOffset: bytes.readUInt32LE(entry + 42),
      });
      entry += 46 + nameLength + bytes.readUInt16LE(entry + 30) + bytes.readUInt16LE(entry + 32);
    }
    return entries;
  }
  return null;
}

/** An entry's content, inflated within the budget; null when it cannot be read. */
function zipContent(bytes: Buffer, entry: ZipEntry): string | null {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) return null;
  const data = bytes.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === 0) return data.length > WORD_PART_MAX_BYTES ? null : data.toString("utf8");
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: WORD_PART_MAX_BYTES }).toString("utf8");
  } catch {
    // Past the budget, or not deflate data.
  }
  return null;
}

function wordActiveContent(bytes: Buffer): ActiveContent | null {
  const entries = zipEntries(bytes);
  if (!entries) return "unreadable";
  for (const entry of entries) {
    const name = entry.name.toLowerCase();
    for (const [rule, found] of WORD_PART_RULES) if (rule.test(name)) return found;
  }
  for (const entry of entries) {
    const name = entry.name.toLowerCase();
    const rules = name === "[content_types].xml" ? WORD_CONTENT_TYPES : name.endsWith(".rels") ? WORD_RELATIONSHIPS : null;
    if (!rules) continue;
    const content = zipContent(bytes, entry);
    if (content === null) return "unreadable";
    for (const [rule, found] of rules) if (rule.test(content)) return found;
  }
  return null;
}
