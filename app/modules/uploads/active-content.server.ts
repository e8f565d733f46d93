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
import { zipDirectory, type FileKind, type ZipEntry } from "./file-kinds";

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
  if (kind === "pdf") return new PdfReader(buffer.toString("latin1")).readObjects();
  if (kind === "docx") return wordActiveContent(buffer);
  return null;
}

// PDF ---------------------------------------------------------------------------

/** The names that say a PDF runs something or carries a file, and what each means. */
const PDF_NAMES = new Map<string, ActiveContent>([
  ["JS", "javascript"],
  ["JavaScript", "javascript"],
  ["Launch", "launch"],
  ["EF", "embedded-file"],
  ["EmbeddedFile", "embedded-file"],
  ["EmbeddedFiles", "embedded-file"],
  ["FileAttachment", "embedded-file"],
]);
/** A byte as a name may spell it: itself, or #xx in either case of hex digit. */
const spellings = (c: string) => {
  const hex = [...c.charCodeAt(0).toString(16).padStart(2, "0")].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join("");
  return `(?:${c}|#${hex})`;
};
/**
 * Names long enough that random compressed bytes never spell them (each is 7 bytes or more), as a pattern
 * for raw stream data: in any spelling, and followed by what ends a name.
 */
const LONG_PDF_NAMES = [...PDF_NAMES]
  .filter(([name]) => name.length >= 6)
  .map(([name, found]) => [new RegExp(`/${[...name].map(spellings).join("")}(?![^\\x00\\t\\n\\f\\r ()<>\\[\\]{}/%])`), found] as const);

/**
 * The most a PDF's object streams may inflate to, together: far beyond any CV's (a few KB to a few hundred),
 * and little enough that reading them stays a fraction of a second (4 MiB of objects: 0.1 to 0.3 s, measured).
 */
const OBJECT_STREAMS_MAX_BYTES = 4 * 1024 * 1024;

/** Each byte's class in PDF syntax: 0 regular, 1 white space, 2 delimiter. */
const CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[byte] = 1;
for (const c of "()<>[]{}/%") CLASS[c.charCodeAt(0)] = 2;
const code = (c: string) => c.charCodeAt(0);
const [PERCENT, OPEN_PAREN, CLOSE_PAREN, LESS, GREATER, OPEN_BRACKET, CLOSE_BRACKET, SLASH, BACKSLASH, HASH, CR, LF] = [..."%()<>[]/\\#\r\n"].map(code) as [
  number, number, number, number, number, number, number, number, number, number, number, number,
];
/** The lengths of the names we look for. */
const NAME_LENGTHS = new Set([...PDF_NAMES.keys()].map((name) => name.length));

/** The kinds of token. */
const T = { End: 0, Name: 1, Number: 2, Keyword: 3, OpenDict: 4, CloseDict: 5, OpenArray: 6, CloseArray: 7, String: 8 } as const;
type T = (typeof T)[keyof typeof T];

/**
 * Reads PDF tokens from `text` (bytes as latin1): strings (nested
 * parentheses, escapes), hex strings and comments are stepped over whole.
 * Allocation-free but for names: the token's kind is returned, its value
 * left in `name`, `number` or the keyword's bounds (`from`, `to`).
 */
class Lexer {
  /** Whether the name just read has #xx escapes. */
  escaped = false;
  from = 0;
  to = 0;
  at = 0;

  constructor(readonly text: string) {}

  next(): T {
    const { text } = this;
    const length = text.length;
    for (;;) {
      while (this.at < length && CLASS[text.charCodeAt(this.at)] === 1) this.at++;
      if (this.at >= length) return T.End;
      const c = text.charCodeAt(this.at);
      switch (c) {
        case PERCENT:
          while (this.at < length && text.charCodeAt(this.at) !== LF && text.charCodeAt(this.at) !== CR) this.at++;
          continue;
        case OPEN_PAREN:
          this.literalString();
          return T.String;
        case LESS: {
          if (text.charCodeAt(this.at + 1) === LESS) {
            this.at += 2;
            return T.OpenDict;
          }
          const end = text.indexOf(">", this.at);
          this.at = end === -1 ? length : end + 1;
          return T.String;
        }
        case GREATER:
          if (text.charCodeAt(this.at + 1) !== GREATER) {
            this.at++;
            continue;
          }
          this.at += 2;
          return T.CloseDict;
        case OPEN_BRACKET:
          this.at++;
          return T.OpenArray;
        case CLOSE_BRACKET:
          this.at++;
          return T.CloseArray;
        case SLASH: {
          let end = this.at + 1;
          let escaped = false;
          for (let byte = text.charCodeAt(end); end < length && CLASS[byte] === 0; byte = text.charCodeAt(++end)) if (byte === HASH) escaped = true;
          this.from = this.at + 1;
          this.to = end;
          this.escaped = escaped;
          this.at = end;
          return T.Name;
        }
      }
      if (CLASS[c] === 2) {
        // A stray ")", "{" or "}".
        this.at++;
        continue;
      }
      let end = this.at;
      let numeric = true;
      while (end < length) {
        const byte = text.charCodeAt(end);
        if (CLASS[byte] !== 0) break;
        if (!((byte >= 0x30 && byte <= 0x39) || byte === 0x2e || ((byte === 0x2b || byte === 0x2d) && end === this.at))) numeric = false;
        end++;
      }
      this.from = this.at;
      this.to = end;
      this.at = end;
      return numeric && end > this.from ? T.Number : T.Keyword;
    }
  }

  /** The number just read (NaN for a malformed one, "1.2.3"). */
  number(): number {
    return Number(this.text.slice(this.from, this.to));
  }

  /** The name just read, its #xx escapes decoded (PDF 1.2 on). */
  name(): string {
    const raw = this.text.slice(this.from, this.to);
    return this.escaped ? raw.replace(/#([0-9a-fA-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
  }

  /** What the name just read says the file carries, if anything: only a name of one of their lengths is looked at closer. */
  carried(): ActiveContent | undefined {
    return this.escaped || NAME_LENGTHS.has(this.to - this.from) ? PDF_NAMES.get(this.name()) : undefined;
  }

  /** Whether the keyword just read is `word`. */
  is(word: string): boolean {
    return this.to - this.from === word.length && this.text.startsWith(word, this.from);
  }

  private literalString(): void {
    const { text } = this;
    let depth = 0;
    while (this.at < text.length) {
      const c = text.charCodeAt(this.at++);
      if (c === BACKSLASH) this.at++;
      else if (c === OPEN_PAREN) depth++;
      else if (c === CLOSE_PAREN && --depth === 0) break;
    }
  }
}

/** A top-level dictionary's value, as far as we need it: a name, names (an array of them), a number, a reference. */
type Value = { kind: "name"; name: string } | { kind: "names"; names: string[] } | { kind: "number"; value: number } | { kind: "ref"; id: number; generation: number } | { kind: "other" };

class PdfReader {
  private inflated = 0;
  /** Where each "N G obj" begins its object, just after its numbers ("12 0" → that offset), found lazily, for a stream's indirect /Length. */
  private offsets?: Map<string, number>;

  constructor(readonly text: string) {}

  /**
   * Reads `text` token by token: every name is checked; a dictionary followed
   * by `stream` has its data stepped over (by /Length, else to `endstream`),
   * looked through for the long names, and inflated and read when it is an
   * object stream. `streams`: false inside an object stream (it holds none).
   * Only the outermost dictionary's entries are kept (a stream's). Without
   * arguments: what the whole file carries, or null.
   */
  readObjects(text = this.text, streams = true): ActiveContent | null {
    const lexer = new Lexer(text);
    let depth = 0;
    let arrayDepth = 0;
    /** The outermost dictionary being read: its entries, the key waiting for its value, and the key read last (for "12 0 R"). */
    let entries: Map<string, Value> | null = null;
    let key: string | null = null;
    let lastKey: string | null = null;
    let arrayNames: string[] | null = null;
    let lastDict: Map<string, Value> | null = null;
    let numbers = 0;
    let previous = 0;
    let latest = 0;
    const atTop = () => depth === 1 && arrayDepth === 0 && entries !== null;
    const setValue = (value: Value) => {
      if (key === null) return;
      entries!.set(key, value);
      lastKey = key;
      key = null;
    };
    for (let token = lexer.next(); token !== T.End; token = lexer.next()) {
      if (token !== T.Number && token !== T.Keyword) numbers = 0;
      switch (token) {
        case T.Name: {
          const found = lexer.carried();
          if (found) return found;
          if (!streams) break;
          if (arrayDepth === 1 && depth === 1 && arrayNames) arrayNames.push(lexer.name());
          else if (atTop()) {
            if (key === null) key = lexer.name();
            else setValue({ kind: "name", name: lexer.name() });
          }
          break;
        }
        case T.Number: {
          if (!streams) break;
          previous = latest;
          latest = lexer.number();
          numbers++;
          if (atTop()) setValue({ kind: "number", value: latest });
          break;
        }
        case T.Keyword:
          if (lexer.is("R")) {
            if (numbers >= 2 && atTop() && lastKey !== null) entries!.set(lastKey, { kind: "ref", id: previous, generation: latest });
          } else if (depth === 0 && lexer.is("stream")) {
            if (streams && lastDict) {
              const found = this.stream(lexer, lastDict);
              if (found) return found;
            }
            lastDict = null;
          } else if (depth === 0) lastDict = null;
          else if (atTop()) setValue({ kind: "other" });
          numbers = 0;
          break;
        case T.OpenDict:
          if (depth === 0 && streams) {
            entries = new Map();
            key = lastKey = null;
            arrayDepth = 0;
          }
          depth++;
          break;
        case T.CloseDict:
          depth = Math.max(0, depth - 1);
          if (depth === 0) {
            lastDict = entries;
            entries = null;
          } else if (atTop()) setValue({ kind: "other" });
          break;
        case T.OpenArray:
          if (depth === 1 && arrayDepth === 0) arrayNames = [];
          arrayDepth++;
          break;
        case T.CloseArray:
          arrayDepth = Math.max(0, arrayDepth - 1);
          if (arrayDepth === 0 && depth === 1 && entries) {
            setValue(arrayNames ? { kind: "names", names: arrayNames } : { kind: "other" });
            arrayNames = null;
          }
          break;
        case T.String:
          if (atTop()) setValue({ kind: "other" });
          break;
      }
    }
    return null;
  }

  /** Steps over a stream's data (the lexer just read `stream`), reading what it must. */
  private stream(lexer: Lexer, dict: Map<string, Value>): ActiveContent | null {
    const { text } = lexer;
    let start = lexer.at;
    if (text.charCodeAt(start) === CR) start++;
    if (text.charCodeAt(start) === LF) start++;
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
    if (filters === null || filters.length > 1 || filters.some((f) => f !== "FlateDecode")) return "unreadable";
    let objects: Buffer;
    try {
      const packed = Buffer.from(data, "latin1");
      const room = OBJECT_STREAMS_MAX_BYTES - this.inflated;
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
    this.offsets ??= new Map([...this.text.matchAll(/(?<![0-9])(\d+)\s+(\d+)\s+(?=obj)/g)].map((match) => [`${match[1]} ${match[2]}`, match.index + match[0].length]));
    const at = this.offsets.get(`${value.id} ${value.generation}`);
    if (at === undefined) return null;
    const match = /^\s*obj\s*(\d+)\s*endobj/.exec(this.text.slice(at, at + 64));
    return match ? Number(match[1]) : null;
  }
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
  const entries = [...zipDirectory(bytes)];
  if (!entries.every((entry) => entry !== null)) return "unreadable";
  const named = entries.map((entry) => ({ entry, name: Buffer.from(entry.name).toString("utf8").toLowerCase() }));
  for (const { name } of named) for (const [rule, found] of WORD_PART_RULES) if (rule.test(name)) return found;
  for (const { entry, name } of named) {
    const rules = name === "[content_types].xml" ? WORD_CONTENT_TYPES : name.endsWith(".rels") ? WORD_RELATIONSHIPS : null;
    if (!rules) continue;
    const content = zipContent(bytes, entry);
    if (content === null) return "unreadable";
    for (const [rule, found] of rules) if (rule.test(content)) return found;
  }
  return null;
}
