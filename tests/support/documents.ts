/**
 * Real files made in the test, byte for byte: a small PDF that readers open, a
 * Word document (a ZIP holding the parts of Office Open XML), other ZIPs and
 * impostors. Used by the sniffing unit tests and the upload tests.
 */
import { crc32, deflateRawSync, deflateSync } from "node:zlib";

/** The objects of a one-page PDF with a line of text: 1 the catalog (`catalog` adds to it), 2 the pages, 3 the page, 4 its content, 5 its font. */
function pageObjects(text: string, catalog = ""): string[] {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  return [
    `<< /Type /Catalog /Pages 2 0 R${catalog} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
}

/** A PDF of these objects (numbered from 1, the first the catalog), its cross-reference table at the right offsets. */
export function pdfOf(objects: (string | Buffer)[], trailer = ""): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), Buffer.isBuffer(object) ? object : Buffer.from(object, "latin1"), Buffer.from("\nendobj\n", "latin1")]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(tail, "latin1")]);
}

/** A stream object: its dictionary's entries (beside /Length) and its data. */
export function pdfStream(entries: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< /Length ${data.length}${entries ? ` ${entries}` : ""} >>\nstream\n`, "latin1"), data, Buffer.from("\nendstream", "latin1")]);
}

/** A one-page PDF with a line of text; `catalog` adds entries to its catalog, `more` objects after the five (numbered from 6). */
export function minimalPdf(text = "Jordan Applicant - CV", catalog = "", more: (string | Buffer)[] = []): Buffer {
  return pdfOf([...pageObjects(text, catalog), ...more]);
}

/**
 * A PDF 1.5 whose objects from 6 on are kept compressed in an object stream
 * (FlateDecode), found through a cross-reference stream: as Word and most
 * PDF makers save today. `filter`: the object stream's /Filter (its data is deflated whatever it says).
 */
export function pdfWithObjectStream(catalog: string, compressed: string[], filter = "/FlateDecode"): Buffer {
  const direct = pageObjects("Jordan Applicant - CV", catalog);
  const first = direct.length + 1;
  const streamNumber = first + compressed.length;
  const bodies = compressed.map((object) => `${object}\n`);
  const header: string[] = [];
  let at = 0;
  bodies.forEach((body, i) => {
    header.push(`${first + i} ${at}`);
    at += body.length;
  });
  const head = `${header.join(" ")}\n`;
  const raw = Buffer.from(head + bodies.join(""), "latin1");
  // Compressed whatever the filter says: a filter we do not read leaves the objects out of sight.
  const objStm = pdfStream(`/Type /ObjStm /N ${compressed.length} /First ${head.length} /Filter ${filter}`, deflateSync(raw));
  const parts: Buffer[] = [Buffer.from("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  for (const [i, object] of [...direct, objStm].entries()) {
    offsets.push(length);
    const number = i < direct.length ? i + 1 : streamNumber;
    const part = Buffer.concat([Buffer.from(`${number} 0 obj\n`, "latin1"), Buffer.isBuffer(object) ? object : Buffer.from(object, "latin1"), Buffer.from("\nendobj\n", "latin1")]);
    parts.push(part);
    length += part.length;
  }
  // The cross-reference stream: /W [1 4 2]; type 1 (offset) for the direct objects and the object stream, type 2 for those inside it.
  const xrefNumber = streamNumber + 1;
  const rows: Buffer[] = [];
  const row = (type: number, a: number, b: number) => {
    const entry = Buffer.alloc(7);
    entry.writeUInt8(type, 0);
    entry.writeUInt32BE(a, 1);
    entry.writeUInt16BE(b, 5);
    rows.push(entry);
  };
  row(0, 0, 65535);
  direct.forEach((_o, i) => row(1, offsets[i]!, 0));
  compressed.forEach((_o, i) => row(2, streamNumber, i));
  row(1, offsets[direct.length]!, 0);
  row(1, length, 0);
  const xref = pdfStream(`/Type /XRef /Size ${xrefNumber + 1} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode`, deflateSync(Buffer.concat(rows)));
  const tail = Buffer.concat([Buffer.from(`${xrefNumber} 0 obj\n`, "latin1"), xref, Buffer.from(`\nendobj\nstartxref\n${length}\n%%EOF\n`, "latin1")]);
  return Buffer.concat([...parts, tail]);
}

/** A ZIP of these files (deflated), with its central directory: what any unzip tool reads. */
export function zip(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    directory.push(entry, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const WORD_CONTENT_TYPES = (overrides = "", defaults = "") =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${defaults}${overrides || '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'}</Types>`;

/**
 * A Word document with one paragraph: the three parts Word needs to open it.
 * `parts` adds (or replaces) parts; `contentTypes` replaces the document's
 * override in [Content_Types].xml, `defaults` adds Default entries.
 */
export function minimalDocx(text = "Jordan Applicant - CV", { parts = {}, contentTypes = "", defaults = "" }: { parts?: Record<string, string | Buffer>; contentTypes?: string; defaults?: string } = {}): Buffer {
  return zip({
    "[Content_Types].xml": WORD_CONTENT_TYPES(contentTypes, defaults),
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    ...parts,
  });
}

/** A relationships part naming these targets by type (the type's last word, as OOXML spells it). */
export function wordRelationships(relationships: Record<string, string>): string {
  const items = Object.entries(relationships).map(
    ([target, type], i) => `<Relationship Id="rId${i + 10}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join("")}</Relationships>`;
}

/** The first bytes of a JPEG (start of image, then a JFIF header). */
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

/** An SVG carrying a script: what must never be taken as a CV, whatever it is called. */
export const SVG_WITH_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** The first bytes of an old binary Word file (OLE compound document). */
export const OLD_DOC_BYTES = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
