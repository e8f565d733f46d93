import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { minimalPdf } from "../../../tests/support/documents";
import { maxMultipartBytes, readMultipart } from "./multipart.server";

const limits = { files: { cv: 1000 }, maxFieldBytes: 100, maxTotalFieldBytes: 300, kindOf: (bytes: Uint8Array) => (bytes[0] === 0x25 ? "starts-with-percent" : null) };

/** A post as a browser sends it: FormData encoded by the platform's own Request. */
function post(form: FormData): Request {
  return new Request("http://localhost/joinus", { method: "POST", body: form });
}
function form(entries: Record<string, string | Blob>, file?: { name: string; bytes: Buffer }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  if (file) data.append("cv", new Blob([new Uint8Array(file.bytes)]), file.name);
  return data;
}

describe("readMultipart", () => {
  it("gives the text fields in order and the file with its kind judged by content", async () => {
    const pdf = minimalPdf().subarray(0, 900);
    const result = await readMultipart(post(form({ name: "Jo", about: "Hello" }, { name: "cv.docx", bytes: pdf })), limits);
    expect(result).toMatchObject({ ok: true, fields: [["name", "Jo"], ["about", "Hello"]] });
    if (!result.ok) throw new Error("not read");
    expect(result.files.cv).toMatchObject({ name: "cv.docx", kind: "starts-with-percent" });
    expect(result.files.cv!.bytes.equals(pdf)).toBe(true);
  });

  it("takes a form with no file chosen (an empty, nameless file part) as no file", async () => {
    const data = form({ name: "Jo" });
    data.append("cv", new Blob([]), "");
    const result = await readMultipart(post(data), limits);
    expect(result).toEqual({ ok: true, fields: [["name", "Jo"]], files: {} });
  });

  it("skips a file in a field the route does not take, and a second file in the same field", async () => {
    const data = form({}, { name: "a.pdf", bytes: minimalPdf().subarray(0, 50) });
    data.append("cv", new Blob(["second"]), "b.txt");
    data.append("other", new Blob(["x".repeat(500)]), "c.txt");
    const result = await readMultipart(post(data), limits);
    if (!result.ok) throw new Error("not read");
    expect(Object.keys(result.files)).toEqual(["cv"]);
    expect(result.files.cv!.name).toBe("a.pdf");
  });

  it("stops at a file over its cap: 413 naming the field, with the rest of the body never read", async () => {
    const data = form({ name: "Jo" }, { name: "big.pdf", bytes: Buffer.alloc(1001, 0x25) });
    data.append("after", "y".repeat(200_000));
    const request = post(data);
    const headers = Object.fromEntries(request.headers);
    const body = Buffer.from(await request.arrayBuffer());
    const source = Readable.from(chunks(body, 512), { objectMode: false });
    let read = 0;
    source.on("data", (chunk: Buffer) => (read += chunk.length));
    const result = await readMultipart(Object.assign(source, { headers }), limits);
    expect(result).toEqual({ ok: false, status: 413, field: "cv", fields: [["name", "Jo"]] });
    expect(read).toBeLessThan(body.length / 10);
  });

  it("refuses unread a body whose Content-Length already says it is too big", async () => {
    const source = new Readable({
      read() {
        throw new Error("read");
      },
    });
    const headers = { "content-type": "multipart/form-data; boundary=x", "content-length": String(maxMultipartBytes(limits) + 1) };
    expect(await readMultipart(Object.assign(source, { headers }), limits)).toEqual({ ok: false, status: 413 });
  });

  it("refuses text fields past their caps", async () => {
    expect(await readMultipart(post(form({ about: "a".repeat(101) })), limits)).toEqual({ ok: false, status: 413 });
    const many = form({ a: "x".repeat(90), b: "x".repeat(90), c: "x".repeat(90), d: "x".repeat(90) });
    expect(await readMultipart(post(many), limits)).toEqual({ ok: false, status: 413 });
  });

  it("answers 415 for another type, 400 for a body cut off or without a boundary", async () => {
    const json = new Request("http://localhost/", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(await readMultipart(json, limits)).toEqual({ ok: false, status: 415 });
    const request = post(form({ name: "Jo" }));
    const headers = Object.fromEntries(request.headers);
    const whole = Buffer.from(await request.arrayBuffer());
    expect(await readMultipart(Object.assign(Readable.from([whole.subarray(0, whole.length - 20)]), { headers }), limits)).toEqual({ ok: false, status: 400 });
    expect(await readMultipart(Object.assign(Readable.from([]), { headers: { "content-type": "multipart/form-data; charset=utf-8" } }), limits)).toEqual({ ok: false, status: 400 });
  });
});

function* chunks(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
