import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { JPEG_BYTES, minimalDocx, minimalPdf, OLD_DOC_BYTES, SVG_WITH_SCRIPT, zip } from "../../../tests/support/documents";
import { attachmentDisposition, safeFileName, sizeText, sniffFileKind } from "./file-kinds";

const heif = (major: string, ...compatible: string[]) => {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write("ftyp", 4, "latin1");
  box.write(brands, 8, "latin1");
  return Buffer.concat([box, Buffer.alloc(32)]);
};

describe("sniffFileKind judges a file by its bytes", async () => {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#c0ffee" } }).png().toBuffer();
  const webp = await sharp(png).webp().toBuffer();
  const jpeg = await sharp(png).jpeg().toBuffer();
  const avif = await sharp(png).avif().toBuffer();
  const cases: [string, Buffer, string | null][] = [
    ["a real PDF", minimalPdf(), "pdf"],
    ["a real Word document", minimalDocx(), "docx"],
    ["a real JPEG", jpeg, "jpeg"],
    ["the first bytes of a JPEG", JPEG_BYTES, "jpeg"],
    ["a real PNG", png, "png"],
    ["a real WebP", webp, "webp"],
    ["a HEIC photo's header", heif("heic", "mif1", "heic"), "heic"],
    ["a generic HEIF naming HEIC among its brands", heif("mif1", "mif1", "heix"), "heic"],
    ["an AVIF (a HEIF of another codec)", avif, null],
    ["plain text", Buffer.from("I am a CV, honest.\n"), null],
    ["an SVG with a script", SVG_WITH_SCRIPT, null],
    ["an old binary .doc", OLD_DOC_BYTES, null],
    ["a spreadsheet (a ZIP without the Word part)", zip({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" }), null],
    ["a ZIP naming the Word part in a file's content only", zip({ "notes.txt": "word/document.xml [Content_Types].xml" }), null],
    ["a Word document cut short (no directory)", minimalDocx().subarray(0, 200), null],
    ["PDF words later in the file", Buffer.from("hello %PDF-1.4"), null],
    ["nothing at all", Buffer.alloc(0), null],
  ];
  it.each(cases)("%s", (_what, bytes, kind) => {
    expect(sniffFileKind(bytes)).toBe(kind);
  });
});

describe("safeFileName keeps a name safe to store and offer back", () => {
  it.each([
    ["My CV.pdf", "pdf", "My CV.pdf"],
    ["cv.PDF", "pdf", "cv.pdf"],
    ["C:\\Users\\jo\\Documents\\cv.docx", "docx", "cv.docx"],
    ["../../etc/passwd", "pdf", "passwd.pdf"],
    ['a"b;c\r\nd.pdf', "pdf", "a b c d.pdf"],
    ["cv.txt", "pdf", "cv.txt.pdf"],
    ["", "docx", "file.docx"],
    [".hidden", "pdf", "hidden.pdf"],
    ["Zoë Ünal – CV.pdf", "pdf", "Zoë Ünal – CV.pdf"],
    [`${"x".repeat(300)}.pdf`, "pdf", `${"x".repeat(96)}.pdf`],
  ] as const)("%j as %s → %j", (sent, kind, kept) => {
    expect(safeFileName(sent, kind)).toBe(kept);
  });
});

describe("attachmentDisposition", () => {
  it("always names an attachment, with an ASCII name and the exact UTF-8 one", () => {
    expect(attachmentDisposition("My CV.pdf")).toBe(`attachment; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`);
    expect(attachmentDisposition("Zoë's CV.pdf")).toBe(`attachment; filename="Zo_'s CV.pdf"; filename*=UTF-8''Zo%C3%AB%27s%20CV.pdf`);
  });
});

describe("sizeText", () => {
  it.each([
    [820, "820 bytes"],
    [120 * 1024, "120 KB"],
    [Math.round(4.2 * 1024 * 1024), "4.2 MB"],
  ])("%d → %s", (bytes, text) => expect(sizeText(bytes)).toBe(text));
});
