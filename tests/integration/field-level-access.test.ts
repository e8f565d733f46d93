/**
 * ASVS 5.0 8.2.3 (field-level access, BOPLA): a staff write changes only the
 * fields its call allows, whatever else the request names; and a saved quote
 * gives the public only the visitor's first name. Both engines.
 */
import { describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { applicantBody, applyAsVisitor } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";

describe.each(engines)("field-level access on %s", (engine) => {
  const team = staffTeamFor(engine);

  it("an applicant's update takes its note and follow-up and leaves every other field as it was", async () => {
    const id = await applyAsVisitor(team.server.url, "Field Tester");
    const before = (await (await team.rae.request("GET", `/api/joinus-applicant/${id}`)).json()) as Record<string, unknown>;
    const smuggled = {
      note: "Phoned, keen to start",
      follow_up: "maybe",
      name: "Someone Else",
      email: "else@example.com",
      mobile: "07700 900001",
      role: "Stylist",
      salon: 1,
      created_at: "2001-01-01T00:00:00.000Z",
      deleted_at: "2001-01-01T00:00:00.000Z",
      email_response: "unsuccessful",
      notes: ["Rewritten"],
      id: 1,
    };
    const response = await team.rae.request("PATCH", `/api/joinus-applicant/${id}`, { json: smuggled, headers: { origin: team.server.url } });
    expect(response.status).toBe(200);
    const after = (await (await team.rae.request("GET", `/api/joinus-applicant/${id}`)).json()) as Record<string, unknown>;
    for (const field of ["id", "name", "email", "mobile", "role", "salon", "created_at", "deleted_at", "email_response"]) {
      expect(after[field], field).toEqual(before[field]);
    }
    expect(after.follow_up).toBe("maybe");
    expect(after.notes).toEqual([expect.stringMatching(/^Rae \d\d\/\d\d\/\d\d: Phoned, keen to start$/)]);
  });

  it("a saved quote tells the public the visitor's first name only", async () => {
    const services = (await (await fetch(`${team.server.url}/api/services`)).json()) as { id: number; cat1: number; cat2: number; price: number }[];
    const levels = (await (await fetch(`${team.server.url}/api/levels`)).json()) as { id: number }[];
    const salons = (await (await fetch(`${team.server.url}/api/salons`)).json()) as { id: number }[];
    const cut = services.find((s) => s.cat1 === 1 && s.cat2 === 0 && s.price > 0)!;
    const visitor = applicantBody("Quinn Private");
    let saved: Response | undefined;
    for (const level of levels) {
      saved = await fetch(`${team.server.url}/api/save-quote-details`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.77" },
        body: JSON.stringify({ salon_id: salons[0]!.id, name: visitor.name, mobile: visitor.mobile, email: visitor.email, referral: "google", regular: false, selector: "Level", level_id: level.id, service_ids: [cut.id] }),
      });
      if (saved.status === 201) break;
    }
    expect(saved?.status).toBe(201);
    const { link } = (await saved!.json()) as { link: string };
    const quote = await (await fetch(`${team.server.url}/api/get-quote-details/${link}`)).text();
    expect(JSON.parse(quote).name).toBe("Quinn");
    expect(quote).not.toContain(visitor.email);
    expect(quote).not.toContain("Private");
    expect(quote).not.toContain(visitor.mobile.replace(/\s/g, "").slice(-6));
  });
});
