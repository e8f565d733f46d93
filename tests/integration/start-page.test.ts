import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { schoolTeam } from "../support/fixture";
import { applicantBody, submitApplication } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";

// Issue 33, "A start page that says what to do next": who is due and who gets the morning email of it, and for a
// manager what is scheduled to go on the website and what still shows a drawing, each a button to its place.
describe.each(engines)("finding: the staff desk did not say what to do next, on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true });
  const desk = async (who: "morgan" | "rae") => (await (await team[who].request("GET", "/staff")).text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
  const section = (html: string, id: string) => {
    const start = html.indexOf(`aria-labelledby="${id}-heading"`);
    if (start < 0) return "";
    return html.slice(start, html.indexOf("</section>", start));
  };
  // The fixture salon's alert address (tests/fixtures/content/settings.yaml): where sendDueDigest writes.
  const DIGEST = "Each morning from 08:00 an email lists who is due, to office@example.com.";


  it("says who gets the morning email of what is due, on the desk and where Remind me is set", async () => {
    expect(section(await desk("morgan"), "due")).toContain(DIGEST);
    const { id } = await submitApplication(team.server.url, applicantBody("Dora Digest"));
    const applicant = await (await team.rae.request("GET", `/applicant/${id}`)).text();
    expect(section(applicant, "remind")).toContain(DIGEST);
  });

  it("lists what still shows a drawing, each with a button to the photos page with it chosen, until a photo is added", async () => {
    let drawn = section(await desk("morgan"), "drawn");
    const rosa = schoolTeam[0]!;
    // A new site has a drawing in every such place: the list waits folded (shut on a phone), with its count.
    expect(drawn).toMatch(/<details[^>]*>\s*<summary[^>]*><span class="font-semibold">\d+ places<\/span>/);
    for (const [label, target] of [
      ["The home page's opening band", "hero"],
      [`${rosa.first_name} ${rosa.last_name}: portrait`, `stylist:${rosa.slug}`],
      [`${rosa.first_name} ${rosa.last_name}: their work`, `work:${rosa.slug}`],
    ]) {
      expect(drawn, label).toContain(label);
      expect(drawn, label).toContain(`href="/staff/studio/photos?for=${encodeURIComponent(target!)}"`);
    }
    // Rosa's page shows her two work drawings; Odette has no pictures of her work at all.
    expect(drawn).toMatch(/Rosa Whitlock: their work<span[^>]*>2 drawings</);
    expect(drawn).toMatch(/Odette Marsh: their work<span[^>]*>No pictures yet</);
    // The button opens the photos page with what the photo is of chosen.
    const photos = await (await team.morgan.request("GET", `/staff/studio/photos?for=${encodeURIComponent(`stylist:${rosa.slug}`)}`)).text();
    expect(photos).toMatch(new RegExp(`<option value="stylist:${rosa.slug}" selected="">`));
    // Something the list does not have chooses nothing.
    expect(await (await team.morgan.request("GET", "/staff/studio/photos?for=stylist:nobody")).text()).not.toContain('selected=""');

    const form = new FormData();
    for (const [name, value] of Object.entries({ for: `stylist:${rosa.slug}`, alt: "Rosa at the basin", consent: "true", focus_x: "0.5", focus_y: "0.5" })) form.set(name, value);
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#8a5a3c" } }).jpeg().toBuffer();
    form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_2.JPG");
    const headers: Record<string, string> = { cookie: team.morgan.cookieHeader, ...(team.morgan.address ? { "x-forwarded-for": team.morgan.address } : {}) };
    expect((await fetch(`${team.server.url}/api/staff/photos`, { method: "POST", body: form, headers })).status).toBe(201);
    drawn = section(await desk("morgan"), "drawn");
    expect(drawn).not.toContain(`${rosa.first_name} ${rosa.last_name}: portrait`);
    // One photo of her work goes before the two drawings, which still show.
    expect(drawn).toContain(`${rosa.first_name} ${rosa.last_name}: their work`);
  });

  it("lists what is scheduled, soonest first, on the salon's clock, and leaves out what is already public", async () => {
    expect(section(await desk("morgan"), "scheduled")).toContain("Nothing is waiting to go on the website.");
    const post = await team.morgan.request("POST", "/api/staff/studio/posts", { json: { title: "Winter gloss", body: "Words.", author: "Morgan", publish_at: "2099-12-01T09:00:00Z" } });
    expect(post.status).toBe(201);
    const now = await team.morgan.request("POST", "/api/staff/studio/posts", { json: { title: "Out already", body: "Words.", author: "Morgan" } });
    expect(now.status).toBe(201);
    const offer = await team.morgan.request("POST", "/api/staff/studio/offers", {
      json: { title: "Summer toner week", percent: 10, text: "Ten per cent off any toner with a cut and blow-dry, for first visits.", publish_at: "2099-07-01T08:00:00Z" },
    });
    expect(offer.status).toBe(201);
    const news = await team.morgan.request("POST", "/api/staff/news-items", { json: { title: "Kits on the shelf", text: "Soon.", publish_at: "2099-08-01T08:00:00Z" } });
    expect(news.status).toBe(201);

    const scheduled = section(await desk("morgan"), "scheduled");
    const order = ["Offer: Summer toner week", "Shop news: Kits on the shelf", "Post: Winter gloss"].map((line) => scheduled.indexOf(line));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // 1 July 2099 08:00 UTC is 09:00 in the salon (summer time); 1 December 09:00 UTC is 09:00 (winter).
    expect(scheduled).toContain("Goes on Wed, 1 Jul 2099, 09:00");
    expect(scheduled).toContain("Goes on Tue, 1 Dec 2099, 09:00");
    expect(scheduled).not.toContain("Out already");
    // Each links to its row on its studio page.
    for (const [page, id] of [
      ["/staff/studio/offers", "offer-item-summer-toner-week"],
      ["/staff/studio/posts", "post-item-winter-gloss"],
      ["/staff/site", "news-kits-on-the-shelf"],
    ] as const) {
      expect(scheduled).toContain(`href="${page}#${id}"`);
      expect(await (await team.morgan.request("GET", page)).text()).toContain(`id="${id}"`);
    }
  });

  it("shows reception what is theirs: who is due, and no photo buttons or studio schedule they cannot use", async () => {
    const html = await desk("rae");
    expect(section(html, "due")).toContain(DIGEST);
    expect(section(html, "drawn")).toBe("");
    expect(section(html, "scheduled")).toBe("");
    expect(html).not.toContain("/staff/studio/photos?for=");
  });
});
