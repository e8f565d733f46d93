import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseExpiredApplicants } from "~/modules/applicants/retention.server";
import { CV_MAX_BYTES } from "~/modules/submissions/kinds";
import { engines } from "../support/databases";
import { JPEG_BYTES, minimalDocx, minimalPdf, SVG_WITH_SCRIPT } from "../support/documents";
import { multipart, MULTIPART_TYPE, type Upload } from "../support/multipart";
import { getPage, hiddenValue } from "../support/page-forms";
import { applicantBody, STAFF, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

// The CV on the join-us form (issue 20; api-contract.md, "Applicant desk"), on
// both engines: PDF and Word taken, judged by content whatever their name, a
// file past 5 MiB refused before it has all arrived, stored with the
// application, downloaded by any staff member only as an attachment, and
// erased with the applicant.
const CONTENT_TYPE = MULTIPART_TYPE;

/**
 * Sends a body piece by piece, each after the last has left, and stops as soon
 * as the server answers: how many bytes had gone then is what the server had
 * been given at most. `length`: the Content-Length to declare (chunked without).
 * `holdAfter`: send this much, then nothing more until the answer comes.
 */
function uploadUntilAnswered(base: string, path: string, body: Buffer, length?: number, holdAfter = Infinity) {
  const url = new URL(base);
  return new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { "content-type": CONTENT_TYPE, ...(length === undefined ? { "transfer-encoding": "chunked" } : { "content-length": String(length) }) };
    const req = http.request({ host: url.hostname, port: url.port, method: "POST", path, headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString(), sent }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (!["EPIPE", "ECONNRESET"].includes(error.code ?? "")) reject(error);
    });
    const PIECE = 64 * 1024;
    const next = () => {
      if (answered || req.destroyed || sent >= holdAfter) return;
      if (sent >= body.length) return void req.end();
      const piece = body.subarray(sent, sent + PIECE);
      sent += piece.length;
      // A slow sender: the next piece only once this one has left.
      if (req.write(piece)) setImmediate(next);
      else req.once("drain", next);
    };
    next();
  });
}

const pdf = minimalPdf();
const docx = minimalDocx();
const PDF_TYPE = "application/pdf";

describe.each(engines)("the join-us CV on %s", (engine) => {
  let server: TestServer;
  let morgan: StaffClient;
  let sam: StaffClient;
  let address = 0;
  const db = () => server.services.db;
  const applyWith = (name: string, file?: Upload) =>
    fetch(`${server.url}/api/joinus`, {
      method: "POST",
      headers: { "content-type": CONTENT_TYPE, "x-forwarded-for": `203.0.113.${++address}` },
      body: new Uint8Array(multipart(applicantBody(name), file).whole),
    });
  const applicantsNamed = async (name: string) => (await db().selectFrom("job_applicants").select("id").where("name", "=", name).execute()).length;

  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { STAFF_ACCOUNTS: `${STAFF.morgan.name}:${STAFF.morgan.pin},${STAFF.sam.name}:${STAFF.sam.pin}:reception`, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" },
      { pages: true },
    );
    morgan = new StaffClient(server.url, "198.51.100.1");
    sam = new StaffClient(server.url, "198.51.100.2");
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("takes a PDF through the API; any staff member downloads it only as an attachment; the applicant's page links it", async () => {
    const response = await applyWith("Priya Pdf", { name: "Priya's CV (2026).pdf", type: PDF_TYPE, bytes: pdf });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    // Reception may download it too: it is part of reading an application.
    const download = await sam.request("GET", `/api/staff/applicants/${id}/cv`);
    expect(download.status).toBe(200);
    expect(Object.fromEntries([...download.headers].filter(([name]) => /^(content-(type|disposition|security-policy)|x-content-type-options|cache-control)$/.test(name)))).toEqual({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="Priya's CV (2026).pdf"; filename*=UTF-8''Priya%27s%20CV%20%282026%29.pdf`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
      "cache-control": "private, no-store",
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    // The page's own download, under the staff layout, answers the same way.
    const page = await morgan.request("GET", `/applicant/${id}/cv`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(page.headers.get("content-security-policy")).toBe("sandbox");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await page.arrayBuffer()).equals(pdf)).toBe(true);

    const applicant = await (await sam.request("GET", `/applicant/${id}`)).text();
    // Each download is in the applicant's history, by whom.
    expect(applicant).toContain("Sam downloaded the CV");
    expect(applicant).toContain("Morgan downloaded the CV");
    expect(applicant).toMatch(/Priya&#x27;s CV \(2026\)\.pdf \(\d+ (bytes|KB)\)/);
    expect(applicant).toContain(`href="/applicant/${id}/cv" download=""`);

    // Without a session: 401, and nothing of the file.
    expect((await fetch(`${server.url}/api/staff/applicants/${id}/cv`)).status).toBe(401);
    const signedOut = await fetch(`${server.url}/applicant/${id}/cv`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("content-disposition")).toBeNull();
  });

  it("takes a Word document, kept under its real kind's extension; an applicant with no CV answers 404", async () => {
    const response = await applyWith("Dara Docx", { name: "cv", type: "application/octet-stream", bytes: docx });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const download = await morgan.request("GET", `/api/staff/applicants/${id}/cv`);
    expect(download.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="cv.docx"; filename*=UTF-8''cv.docx`);
    expect(Buffer.from(await download.arrayBuffer()).equals(docx)).toBe(true);

    const without = await applyWith("Nell None");
    expect(without.status).toBe(201);
    const none = ((await without.json()) as { id: number }).id;
    expect((await morgan.request("GET", `/api/staff/applicants/${none}/cv`)).status).toBe(404);
    expect((await morgan.request("GET", `/applicant/${none}/cv`)).status).toBe(404);
  });

  it.each([
    ["a text file named .pdf", { name: "cv.pdf", type: PDF_TYPE, bytes: Buffer.from("Curriculum vitae\nI am great.\n") }],
    ["an SVG with a script named .pdf", { name: "cv.pdf", type: PDF_TYPE, bytes: SVG_WITH_SCRIPT }],
    ["a JPEG", { name: "me.jpg", type: "image/jpeg", bytes: JPEG_BYTES }],
  ])("refuses %s with 415, storing nothing", async (what, file) => {
    const name = `Imp ${what.length}`;
    const response = await applyWith(name, file);
    expect(response.status).toBe(415);
    const wrongKind = "That file isn't a PDF or Word document. Please choose your CV as a PDF or a Word (.docx) file.";
    expect(await response.json()).toEqual({ error: wrongKind, fields: { cv: wrongKind } });
    expect(await applicantsNamed(name)).toBe(0);
  });

  it("refuses a CV over 5 MiB with 413 before it has all been sent, storing nothing", async () => {
    const MiB = 1024 * 1024;
    const big = multipart(applicantBody("Bea Big"), { name: "big.pdf", type: PDF_TYPE, bytes: Buffer.concat([pdf, Buffer.alloc(32 * MiB)]) });
    // Its Content-Length says so: answered after the first piece, the rest never sent (it would wait for ever if the server read on).
    const declared = await uploadUntilAnswered(server.url, "/api/joinus", big.whole, big.whole.length, 64 * 1024);
    expect(declared.status).toBe(413);
    expect(declared.sent).toBe(64 * 1024);
    // Sent without a length (chunked): the answer comes once the file passes 5 MiB, while the sender still has
    // MiBs to go (what it had sent by then: the 5 MiB read, and what the two sides' buffers took).
    const streamed = await uploadUntilAnswered(server.url, "/api/joinus", big.whole);
    expect(streamed.status).toBe(413);
    const tooLarge = "That file is over 5 MB. Please choose a smaller copy of your CV: saving it as a PDF usually makes it much smaller.";
    expect(JSON.parse(streamed.text)).toEqual({ error: tooLarge, fields: { cv: tooLarge } });
    expect(streamed.headers.connection).toBe("close");
    expect(streamed.sent).toBeGreaterThan(CV_MAX_BYTES);
    expect(streamed.sent).toBeLessThan(big.whole.length - 8 * MiB);
    expect(await applicantsNamed("Bea Big")).toBe(0);
  });

  it("takes the CV on the join-us page without JavaScript, and says beside the field what is wrong with a bad one", async () => {
    const form = await getPage(server.url, "/joinus");
    expect(form.html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(form.html).toMatch(/<input[^>]*type="file"[^>]*name="cv"|<input[^>]*name="cv"[^>]*type="file"/);
    const fields = { ...applicantBody("Paige Page"), form_token: hiddenValue(form.html, "form_token") };
    const post = (body: Buffer) =>
      fetch(`${server.url}/joinus`, { method: "POST", headers: { "content-type": CONTENT_TYPE, "x-forwarded-for": "203.0.113.200" }, body: new Uint8Array(body) });

    const wrong = await post(multipart(fields, { name: "cv.pdf", type: PDF_TYPE, bytes: SVG_WITH_SCRIPT }).whole);
    expect(wrong.status).toBe(415);
    expect(await wrong.text()).toContain("That file isn&#x27;t a PDF or Word document.");
    expect(await applicantsNamed("Paige Page")).toBe(0);

    // Over 5 MB by a little (within what the page takes at all): the action's reader stops at the cap.
    const over = multipart(fields, { name: "cv.pdf", type: PDF_TYPE, bytes: Buffer.concat([pdf, Buffer.alloc(CV_MAX_BYTES)]) });
    const tooBig = await uploadUntilAnswered(server.url, "/joinus", over.whole, over.whole.length);
    expect(tooBig.status).toBe(413);
    expect(tooBig.text).toContain("That file is over 5 MB.");
    // The answers before the file come back, so nothing is typed twice.
    expect(tooBig.text).toMatch(/name="name"[^>]*value="Paige Page"|value="Paige Page"[^>]*name="name"/);
    expect(tooBig.headers.connection).toBe("close");

    const sent = await post(multipart(fields, { name: "Paige CV.pdf", type: PDF_TYPE, bytes: pdf }).whole);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Thank you, your application is in");
    const row = await db()
      .selectFrom("applicant_cvs")
      .innerJoin("job_applicants", "job_applicants.id", "applicant_cvs.applicant_id")
      .select(["file_name", "kind", "size", "bytes"])
      .where("job_applicants.name", "=", "Paige Page")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: "Paige CV.pdf", kind: "pdf", size: pdf.length });
    expect(Buffer.from(row.bytes).equals(pdf)).toBe(true);

    // Multipart is taken only where a form carries a file.
    const elsewhere = await fetch(`${server.url}/contact`, { method: "POST", headers: { "content-type": CONTENT_TYPE }, body: new Uint8Array(multipart({ name: "X" }).whole) });
    expect(elsewhere.status).toBe(415);
    const api = await fetch(`${server.url}/api/models`, { method: "POST", headers: { "content-type": CONTENT_TYPE }, body: new Uint8Array(multipart({ name: "X" }).whole) });
    expect(api.status).toBe(415);
  });

  it("erases the CV with the applicant: on a manager's request, and when the retention period ends", async () => {
    const response = await applyWith("Erin Erase", { name: "erin.pdf", type: PDF_TYPE, bytes: pdf });
    const { id } = (await response.json()) as { id: number };
    const erased = await morgan.request("POST", `/applicant/${id}/erase`, { form: { intent: "erase", confirm: "ERASE" }, headers: { origin: server.url } });
    expect(erased.status).toBe(303);
    expect(await db().selectFrom("applicant_cvs").select("applicant_id").where("applicant_id", "=", id).execute()).toEqual([]);
    expect((await morgan.request("GET", `/api/staff/applicants/${id}/cv`)).status).toBe(404);

    const old = ((await (await applyWith("Olly Old", { name: "olly.pdf", type: PDF_TYPE, bytes: pdf })).json()) as { id: number }).id;
    await db().updateTable("job_applicants").set({ created_at: "2020-01-01T00:00:00.000Z", updated_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", old).execute();
    expect(await eraseExpiredApplicants(db(), server.services.config.applicantRetention)).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("applicant_cvs").select("applicant_id").where("applicant_id", "=", old).execute()).toEqual([]);
  });
});
