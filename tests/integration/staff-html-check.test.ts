import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicantBody, STAFF, staffAccountsEnv, StaffClient } from "../support/staff-client";
import { startTestServer, type TestServer } from "../support/test-server";

// Every staff page, as served, through the Nu HTML Checker (vnu-jar, on the
// machine's Java): no errors. The applicants list was 190 errors of ARIA roles
// laid over a native table (issue 20).
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
const run = promisify(execFile);

describe("staff pages through the Nu HTML Checker", () => {
  let server: TestServer;
  let morgan: StaffClient;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-vnu-"));

  beforeAll(async () => {
    server = await startTestServer("sqlite", { STAFF_ACCOUNTS: staffAccountsEnv, STAFF_EMAIL_HOLD_SECONDS: "600" }, { pages: true });
    morgan = new StaffClient(server.url, "198.51.100.77");
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("finding: vnu found duplicate ids on /staff/studio/salons and a second <title> on the signed-out PIN page; no errors on any staff page", async () => {
    const ids: number[] = [];
    for (const name of ["Sam Checked", "Ava Checked"]) {
      const response = await fetch(`${server.url}/api/joinus`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(applicantBody(name)) });
      ids.push(((await response.json()) as { id: number }).id);
    }
    await morgan.request("PATCH", `/api/joinus-applicant/${ids[0]}`, { json: { note: "Called", remind_on: "2020-01-01" }, headers: { origin: server.url } });
    await morgan.request("PATCH", "/api/joinus-email-response", { json: { ID: ids[0], EmailResponse: "maybe" }, headers: { origin: server.url } });
    await morgan.request("DELETE", `/api/delete-applicant/${ids[1]}`, { headers: { origin: server.url } });
    // A photo, so the Photos page shows one with its Remove button.
    const photo = new FormData();
    for (const [name, value] of Object.entries({ for: "hero", alt: "The academy's front desk", consent: "true" })) photo.set(name, value);
    photo.set("file", new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a67c52" } }).jpeg().toBuffer())]), "desk.jpg");
    expect((await fetch(`${server.url}/api/staff/photos`, { method: "POST", body: photo, headers: { cookie: morgan.cookieHeader, "x-forwarded-for": "198.51.100.77" } })).status).toBe(201);
    const pages = ["/staff", "/applicants", "/applicants?filter=everyone", "/applicants?filter=archived", `/applicant/${ids[0]}`, `/applicant/${ids[1]}`, `/applicant/${ids[0]}/erase`, "/staff/email-templates", "/staff/models", "/staff/messages", "/staff/outbox", "/staff/site", "/staff/studio/photos", "/staff/studio/prices", "/staff/studio/team", "/staff/studio/posts", "/staff/studio/offers", "/staff/studio/history", "/staff/studio/salons", "/staff/studio/words", "/staff/studio/reviews", "/staff/access", "/staff/account", "/staff/visits", "/staff/marketing"];
    // One message opened from "Messages sent" (the thank-you an applicant above was sent).
    const message = await server.services.db.selectFrom("outbox_messages").select("id").where("template", "=", "applicant-thank-you").limit(1).executeTakeFirstOrThrow();
    pages.push(`/staff/outbox/${message.id}`);
    const files = [];
    for (const [i, page] of pages.entries()) {
      const response = await morgan.request("GET", page);
      expect(response.status, page).toBe(200);
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, await response.text());
      files.push(file);
    }
    // Signed out: the sign-in (PIN) page the staff area answers with.
    const signedOut = await fetch(`${server.url}/staff`);
    const signedOutFile = path.join(dir, `page-${pages.length}.html`);
    const signedOutHtml = await signedOut.text();
    expect(signedOutHtml.match(/<title>[^<]*<\/title>/g), "one title, the sign-in's own").toEqual([expect.stringContaining("| Staff |")]);
    fs.writeFileSync(signedOutFile, signedOutHtml);
    files.push(signedOutFile);
    pages.push("/staff (signed out)");
    const { stderr } = await run("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files]).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
    const messages = (JSON.parse(stderr) as { messages: { url: string; message: string }[] }).messages;
    expect(messages.map((m) => `${pages[Number(/page-(\d+)/.exec(m.url)?.[1])]}: ${m.message}`)).toEqual([]);
  }, 60_000);
});
