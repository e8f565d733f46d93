import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { minimalDocx, minimalPdf, pdfOf, pdfStream, pdfWithObjectStream, wordRelationships } from "../../../tests/support/documents";
import { activeContentOf, type ActiveContent } from "./active-content.server";
import { sniffFileKind } from "./file-kinds";

/** Bytes that look random, as compressed data does, with "/JS " and "/EF" spelt among them by chance. */
function compressedLooking(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let seed = 7;
  for (let i = 0; i < size; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed >> 16;
  }
  Buffer.from("/JS ").copy(bytes, size / 3);
  Buffer.from("/EF>").copy(bytes, size / 2);
  return bytes;
}

const JS_ACTION = "<< /Type /Action /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>";
const EMBEDDED = [
  "<< /Type /Filespec /F (invoice.exe) /UF (invoice.exe) /EF << /F 8 0 R >> >>",
  pdfStream("/Type /EmbeddedFile /Subtype /application#2Foctet-stream", Buffer.from("MZ this would be a program")),
];

describe("finding: nothing bounds the CVs the public can store (a PDF carrying JavaScript, a launch action or an embedded file is refused)", () => {
  const cases: [string, Buffer, ActiveContent | null][] = [
    ["a plain one-page PDF", minimalPdf(), null],
    ["a PDF whose title and subject mention /JavaScript and /Launch inside strings", pdfOf([...minimalPdfObjects(""), "<< /Title (Skills: HTML/JavaScript) /Subject <2F4A53> /Keywords (\\(/Launch\\) /EmbeddedFiles) >>"], " /Info 6 0 R"), null],
    // A known limit, on the safe side: stream data is looked through whole for the long names, strings and all.
    ["an uncompressed page whose text says /Launch (refused: stream data is looked through whole)", minimalPdf("Skills: /Launch of a salon"), "launch"],
    ["a PDF whose compressed picture holds /JS and /EF by chance (indirect /Length)", minimalPdf("CV", "", [pdfStream("/Subtype /Image /Filter /FlateDecode", compressedLooking(200_000)).toString("latin1").replace(/\/Length \d+/, "/Length 7 0 R"), "200000"]), null],
    ["a PDF 1.5 with clean objects in an object stream", pdfWithObjectStream(" /Metadata 6 0 R", ["<< /Type /Metadata /Title (My CV) >>"]), null],
    ["a PDF opening with a JavaScript action", minimalPdf("CV", " /OpenAction 6 0 R", [JS_ACTION]), "javascript"],
    ["a PDF with a document-level script in its names", minimalPdf("CV", " /Names << /JavaScript << /Names [(x) 6 0 R] >> >>", [JS_ACTION]), "javascript"],
    ["a JavaScript action spelt with hex escapes (/J#61vaScript, /J#53)", minimalPdf("CV", " /OpenAction 6 0 R", ["<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>"]), "javascript"],
    ["a bare /JS key without /S", minimalPdf("CV", " /AA << /O 6 0 R >>", ["<< /JS (app.alert\\(1\\)) >>"]), "javascript"],
    ["a PDF with a launch action", minimalPdf("CV", " /OpenAction 6 0 R", ["<< /S /Launch /F (C:\\\\Windows\\\\System32\\\\calc.exe) >>"]), "launch"],
    ["a launch action spelt /L#61#75nch", minimalPdf("CV", " /OpenAction 6 0 R", ["<< /S /L#61#75nch /F (calc.exe) >>"]), "launch"],
    ["a PDF with an embedded file in its names", minimalPdf("CV", " /Names << /EmbeddedFiles << /Names [(invoice.exe) 7 0 R] >> >>", ["null", ...EMBEDDED]), "embedded-file"],
    ["a file attachment annotation", minimalPdf("CV", "", ["<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] /FS 7 0 R >>", ...EMBEDDED]), "embedded-file"],
    ["JavaScript inside a compressed object stream", pdfWithObjectStream(" /OpenAction 6 0 R", [JS_ACTION]), "javascript"],
    ["a hex-escaped launch inside a compressed object stream", pdfWithObjectStream(" /OpenAction 6 0 R", ["<< /S /#4Cau#6ech /F (calc.exe) >>"]), "launch"],
    ["an embedded file inside a compressed object stream", pdfWithObjectStream(" /Names 6 0 R", ["<< /EmbeddedFiles << /Names [(a.exe) 7 0 R] >> >>", "<< /Type /Filespec /F (a.exe) >>"]), "embedded-file"],
    ["an object stream under a filter we do not read", pdfWithObjectStream(" /OpenAction 6 0 R", [JS_ACTION], "/LZWDecode"), "unreadable"],
    [
      "an object stream that inflates past the budget (a zip bomb)",
      pdfOf([...minimalPdfObjects(" /Metadata 6 0 R"), pdfStream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20)))]),
      "unreadable",
    ],
    [
      "a script hidden inside what a sequential reading takes for a stream's data",
      minimalPdf("CV", " /OpenAction 7 0 R", [pdfStream("", Buffer.from("junk\nendobj\n7 0 obj\n<< /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj\n")), "null"]),
      "javascript",
    ],
  ];
  it.each(cases)("%s", (_what, bytes, found) => {
    expect(sniffFileKind(bytes)).toBe("pdf");
    expect(activeContentOf("pdf", bytes)).toBe(found);
  });
});

describe("finding: nothing bounds the CVs the public can store (a Word file carrying macros or embedded objects is refused)", () => {
  const MACRO_DOCUMENT = '<Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/>';
  const cases: [string, Buffer, ActiveContent | null][] = [
    ["a plain Word document", minimalDocx(), null],
    ["a Word document with a picture", minimalDocx("CV", { parts: { "word/media/image1.png": Buffer.from("png"), "word/_rels/document.xml.rels": wordRelationships({ "media/image1.png": "image" }) }, defaults: '<Default Extension="png" ContentType="image/png"/>' }), null],
    ["a macro-enabled document (.docm) with its VBA project", minimalDocx("CV", { contentTypes: MACRO_DOCUMENT, parts: { "word/vbaProject.bin": Buffer.from("VBA") } }), "macros"],
    ["a document whose content types alone say macro-enabled", minimalDocx("CV", { contentTypes: MACRO_DOCUMENT }), "macros"],
    ["a VBA project under another case (WORD/VBAPROJECT.BIN)", minimalDocx("CV", { parts: { "WORD/VBAPROJECT.BIN": Buffer.from("VBA") } }), "macros"],
    ["a VBA project renamed, named by its relationship", minimalDocx("CV", { parts: { "word/media/image2.png": Buffer.from("VBA"), "word/_rels/document.xml.rels": wordRelationships({ "media/image2.png": "vbaProject" }) } }), "macros"],
    ["an embedded OLE object", minimalDocx("CV", { parts: { "word/embeddings/oleObject1.bin": Buffer.from("OLE") } }), "embedded-object"],
    ["an embedded workbook", minimalDocx("CV", { parts: { "word/embeddings/Microsoft_Excel_Worksheet.xlsx": Buffer.from("PK") } }), "embedded-object"],
    ["an OLE object renamed, named by its relationship", minimalDocx("CV", { parts: { "word/media/image3.png": Buffer.from("OLE"), "word/_rels/document.xml.rels": wordRelationships({ "media/image3.png": "oleObject" }) } }), "embedded-object"],
    ["an OLE object's content type on a renamed extension", minimalDocx("CV", { defaults: '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/>' }), "embedded-object"],
    ["an ActiveX control", minimalDocx("CV", { parts: { "word/activeX/activeX1.xml": "<ax/>" } }), "embedded-object"],
  ];
  it.each(cases)("%s", (_what, bytes, found) => {
    expect(sniffFileKind(bytes)).toBe("docx");
    expect(activeContentOf("docx", bytes)).toBe(found);
  });

  it("leaves pictures alone: only documents carry these", () => {
    expect(activeContentOf("jpeg", Buffer.from("/JavaScript"))).toBeNull();
  });
});

/** The five objects of minimalPdf, with these catalog entries: for a PDF built around them. */
function minimalPdfObjects(catalog: string): string[] {
  const text = minimalPdf("CV", catalog).toString("latin1");
  return [...text.matchAll(/\d+ 0 obj\n([\s\S]*?)\nendobj\n/g)].map((match) => match[1]!);
}
