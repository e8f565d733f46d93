import sharp from "sharp";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exportContent } from "~/modules/studio/content-io.server";
import { readContentFiles } from "~/modules/site/content-store.server";
import { engines } from "../support/databases";
import { decodeEntities, getPage, hiddenValue, postForm } from "../support/page-forms";
import { savedQuoteLink } from "../support/quotes";
import { applicantBody, type StaffClient } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";
import type { TestServer } from "../support/test-server";
import { fixture } from "../support/fixture";
import { element, textOf } from "../support/html";

/** The fixture school's consultation link (settings.yaml), which the school's form sends back as it shows it. */
const CONSULTATION = "https://book.example.com/larkfield/consultation";
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The fixture school's week (settings.yaml) as the hours form sends it, with `changes` over it. */
function week(changes: Record<string, string> = {}): Record<string, string> {
  const times: Record<string, [string, string] | null> = {
    Monday: null,
    Tuesday: ["10:00", "18:00"],
    Wednesday: ["10:00", "18:00"],
    Thursday: ["12:00", "20:00"],
    Friday: ["9:00", "17:00"],
    Saturday: ["9:00", "15:00"],
    Sunday: null,
  };
  const form: Record<string, string> = { intent: "hours", salon: "school" };
  for (const day of DAYS) {
    const t = times[day];
    if (t) Object.assign(form, { [`${day}_opens`]: t[0], [`${day}_closes`]: t[1] });
    else form[`${day}_closed`] = "on";
  }
  return { ...form, ...changes };
}

// The studio's salons and hours, words and reviews pages, posted as a browser without JavaScript does.
describe.each(engines)("studio words, salons and reviews on %s", (engine) => {
  let server: TestServer;
  let morgan: StaffClient;
  let rae: StaffClient;
  const team = staffTeamFor(engine, { pages: true, network: "203.0.113" });
  const post = async (who: StaffClient, page: string, form: Record<string, string>) => {
    const response = await who.request("POST", page, { form, headers: { origin: server.url } });
    return { status: response.status, text: decodeEntities((await response.text()).replace(/<!-- -->/g, "")) };
  };
  const history = async () => (await (await morgan.request("GET", "/api/staff/history")).json()) as { id: number; what: string; summary: string }[];
  /** Undoes the newest `count` changes (not the undos), newest first. */
  const undoLatest = async (count = 1) => {
    const changes = (await history()).filter((e) => !e.summary.startsWith("Undid")).slice(0, count);
    for (const change of changes) expect((await morgan.request("POST", `/api/staff/history/${change.id}/undo`)).status).toBe(200);
  };
  const publicText = async (path: string) => (await getPage(server.url, path)).text;

  beforeAll(() => {
    ({ server, morgan, rae } = team);
  });

  it("shows the pages to a manager and refuses reception (403) on them and their actions", async () => {
    const attempts: [string, Record<string, string>][] = [
      ["/staff/studio/salons", week({ Saturday_closes: "16:00" })],
      ["/staff/studio/words", { intent: "landing", section: "about", heading: "Taken over", body: "By reception." }],
      ["/staff/studio/reviews", { intent: "act", at: "0", client: "Maren T.", act: "hide" }],
    ];
    for (const [page, form] of attempts) {
      expect((await rae.request("GET", page)).status).toBe(403);
      expect((await post(rae, page, form)).status).toBe(403);
      expect((await morgan.request("GET", page)).status).toBe(200);
    }
    expect(await publicText("/")).toContain("Learning on the job");
    expect(await history()).toEqual([]);
  });

  it("puts each bad box's error beside it, saving nothing", async () => {
    const time = await post(morgan, "/staff/studio/salons", week({ Friday_opens: "nine" }));
    expect(time.status).toBe(400);
    expect(time.text).toMatch(/id="[^"]*Friday_opens[^"]*-error"[^>]*>Give the time on the 24-hour clock, like 9:00 or 17:30</);
    const hours = await post(morgan, "/staff/studio/salons", week({ Saturday_opens: "9:00", Saturday_closes: "8:00", Monday_closed: "" }));
    expect(hours.status).toBe(400);
    expect(hours.text).toContain("It must close after it opens");
    expect(hours.text).toContain("Give the time it opens on Monday, or tick Closed");
    const school = await post(morgan, "/staff/studio/salons", { intent: "school", phone: "ring us", street: "4 Kiln Yard", town: "", postcode: "EM3 7QT", booking: "book.example.com", skinTest: "https://book.example.com/larkfield/patch-test", consultation: "http://book.example.com/larkfield/consultation" });
    expect(school.status).toBe(400);
    expect(school.text).toContain("Give the phone number in digits, like 01632 960 587");
    expect(school.text).toContain("Give the town");
    expect(school.text).toContain("Give the booking link as a whole web address, starting https://");
    // A consultation link over plain http: the guide never sends a visitor's booking over it.
    expect(school.text).toContain("Give the consultation booking link as a whole web address, starting https://");
    const landing = await post(morgan, "/staff/studio/words", { intent: "landing", section: "joinus", heading: " ", body: "Two years.", button: "" });
    expect(landing.status).toBe(400);
    expect(landing.text).toContain("Give the section a heading");
    const word = await post(morgan, "/staff/studio/words", { intent: "word", key: "thanks.messages.heading", text: "" });
    expect(word.status).toBe(400);
    expect(word.text).toContain("Write the words, or use the default");
    const review = await post(morgan, "/staff/studio/reviews", { intent: "add", review: "Lovely.", client: "", stylist: "" });
    expect(review.status).toBe(400);
    expect(review.text).toContain("Give the client's name as they agreed to show it");
    expect(review.text).toContain("Choose the stylist it is about");
    expect(await history()).toEqual([]);
  });

  it("changes Saturday's hours: the contact page shows them on the next request, and undo puts them back", async () => {
    expect(await publicText("/contact")).toMatch(/Saturday<\/dt><dd[^>]*>9am–3pm/);
    const saved = await post(morgan, "/staff/studio/salons", week({ Saturday_closes: "16:00" }));
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Saved: Larkfield Hair School Saturday hours 9:00–15:00 → 9:00–16:00");
    expect((await history())[0]).toMatchObject({ what: "salons", summary: "Larkfield Hair School Saturday hours 9:00–15:00 → 9:00–16:00" });
    expect(await publicText("/contact")).toMatch(/Saturday<\/dt><dd[^>]*>9am–4pm/);
    // The file keeps its layout: one day a line.
    const settings = (await readContentFiles(server.services.db)).get("settings.yaml")!;
    expect(settings).toContain('  - { day: Saturday, label: 9am–4pm, opens: "09:00", closes: "16:00" }');
    expect(settings).toContain('  - { day: Tuesday, label: 10am–6pm, opens: "10:00", closes: "18:00" }');

    await undoLatest();
    expect(await publicText("/contact")).toMatch(/Saturday<\/dt><dd[^>]*>9am–3pm/);
  });

  it("changes the school's phone and a sister salon's booking link, each one entry", async () => {
    const school = await post(morgan, "/staff/studio/salons", { intent: "school", phone: "01632 960 999", street: "4 Kiln Yard", town: "Ellanmoor", postcode: "EM3 7QT", booking: "https://book.example.com/larkfield", skinTest: "https://book.example.com/larkfield/patch-test", consultation: CONSULTATION });
    expect(school.status).toBe(200);
    expect((await history())[0]!.summary).toBe("Larkfield Hair School phone 01632 960 587 → 01632 960 999");
    expect(await publicText("/contact")).toContain("01632 960 999");
    const sister = await post(morgan, "/staff/studio/salons", { intent: "sister", salon: "1", phone: "01632 960 118", url: "https://book.example.com/quayside-new", skinTest: "https://book.example.com/quayside/skin-test", consultation: "https://book.example.com/quayside/consultation" });
    expect(sister.status).toBe(200);
    expect((await history())[0]!.summary).toBe("Quayside Salon booking link https://book.example.com/quayside → https://book.example.com/quayside-new");
    // Quotes with its stylists are booked there: the reference table follows.
    expect(await server.services.db.selectFrom("salons").select("booking_url").where("id", "=", 1).executeTakeFirst()).toEqual({ booking_url: "https://book.example.com/quayside-new" });
    await undoLatest(2);
    expect(await publicText("/contact")).toContain("01632 960 587");
  });

  it("moves the school: the contact page tells search engines the new address, and undo puts the old one back", async () => {
    const description = async () => /<meta name="description" content="([^"]*)"/.exec(await publicText("/contact"))?.[1] ?? "";
    expect(await description()).toContain("at 4 Kiln Yard, Ellanmoor.");
    const moved = await post(morgan, "/staff/studio/salons", { intent: "school", phone: "01632 960 587", street: "12 Mill Lane", town: "Ellanmoor", postcode: "EM3 7QT", booking: "https://book.example.com/larkfield", skinTest: "https://book.example.com/larkfield/patch-test", consultation: CONSULTATION });
    expect(moved.status).toBe(200);
    expect(await description()).toContain("at 12 Mill Lane, Ellanmoor.");
    await undoLatest(1);
    expect(await description()).toContain("at 4 Kiln Yard, Ellanmoor.");
  });

  it("changes a landing section: the landing page shows it on the next request, and undo puts it back", async () => {
    const saved = await post(morgan, "/staff/studio/words", { intent: "landing", section: "about", heading: "Learning at the chair", body: "Every visit is with a trainee.\n\nA teacher checks the work before you leave." });
    expect(saved.status).toBe(200);
    expect((await history())[0]!.summary).toBe("Landing page, About the salon: heading “Learning on the job” → “Learning at the chair”, words “Every visit to {{name}} is with a tra…” → “Every visit is with a trainee. A teac…”");
    const landing = await publicText("/");
    expect(landing).toContain("Learning at the chair");
    expect(landing).toContain("A teacher checks the work before you leave.");
    await undoLatest();
    expect(await publicText("/")).toContain("Learning on the job");
  });

  it("rewords a form's thanks, shown once the form is sent, and goes back to the default", async () => {
    const send = async () => {
      const page = await getPage(server.url, "/contact");
      return postForm(server.url, "/contact", { name: "Tom Reid", email: "tom@example.com", message: "Do you cut curly hair dry?", website: "", form_token: hiddenValue(page.html, "form_token") });
    };
    const saved = await post(morgan, "/staff/studio/words", { intent: "word", key: "thanks.messages.heading", text: "Lovely, we have your message" });
    expect(saved.status).toBe(200);
    // Each form's words folded under a line that says whose words it shows (the page was 12,000 px long at 390 px).
    const contact = /<details([^>]*)><summary[^>]*><span[^>]*>Contact<\/span>(.*?)<\/summary>/.exec(saved.text);
    expect(contact?.[1]).not.toContain("open");
    expect(contact?.[2]).toMatch(/Your words in 1 of \d/);
    expect((await history())[0]!.summary).toBe("Contact form, thanks heading: the default → “Lovely, we have your message”");
    expect((await send()).text).toContain("Lovely, we have your message");
    const reset = await post(morgan, "/staff/studio/words", { intent: "word-default", key: "thanks.messages.heading" });
    expect(reset.status).toBe(200);
    expect((await history())[0]!.summary).toBe("Contact form, thanks heading: “Lovely, we have your message” → the default");
    expect((await send()).text).toContain("Thanks, your message is with us");
    // The file reads as it did: no empty `words`.
    expect((await readContentFiles(server.services.db)).get("site-copy.yaml")).not.toContain("words:");
    await undoLatest();
    expect((await send()).text).toContain("Lovely, we have your message");
  });

  it("rewords the emails' greeting and lines: the next email says them, and a placeholder it cannot fill is refused", async () => {
    const thankYou = async (name: string) => {
      const sent = await fetch(`${server.url}/api/joinus`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(applicantBody(name)) });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: number };
      const row = await server.services.db
        .selectFrom("outbox_messages")
        .select("body_text")
        .where("template", "=", "applicant-thank-you")
        .where("related_id", "=", String(id))
        .executeTakeFirstOrThrow();
      return row.body_text;
    };
    expect(await thankYou("Ola Brandt")).toContain("Hi Ola,");
    const refused = await post(morgan, "/staff/studio/words", { intent: "word", key: "email.greeting", text: "Hello {{name}}!" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("The greeting can only fill in {{first_name}}, not {{name}}");
    expect((await post(morgan, "/staff/studio/words", { intent: "word", key: "email.greeting", text: "Hello {{first_name}}!" })).status).toBe(200);
    expect((await history())[0]!.summary).toBe("Greeting, in the quote's email and the job application's: the default → “Hello {{first_name}}!”");
    expect((await post(morgan, "/staff/studio/words", { intent: "word", key: "email.joinus.signoff", text: "Speak soon," })).status).toBe(200);
    const text = await thankYou("Pia Lund");
    expect(text).toContain("Hello Pia!");
    expect(text).toContain("Speak soon,");
    await undoLatest(2);
    expect(await thankYou("Ravi Shah")).toContain("Hi Ravi,");
  });

  it("rewords a calculator step's introduction, and goes back to the default", async () => {
    const step = "/prices/calculator?type=men&by=level&regular=no";
    expect(await publicText(step)).toContain("Choose the salon you'd like to visit and the level of stylist.");
    const saved = await post(morgan, "/staff/studio/words", { intent: "word", key: "calculator.level", text: "Pick a salon, then how experienced a stylist you'd like." });
    expect(saved.status).toBe(200);
    expect((await history())[0]!.summary).toBe("Price calculator, Choosing a salon and level: the default → “Pick a salon, then how experienced a…”");
    expect(await publicText(step)).toContain("Pick a salon, then how experienced a stylist you'd like.");
    expect((await post(morgan, "/staff/studio/words", { intent: "word-default", key: "calculator.level" })).status).toBe(200);
    expect(await publicText(step)).toContain("Choose the salon you'd like to visit and the level of stylist.");
  });

  it("adds, hides and moves reviews; the reviews API follows and undo puts each back", async () => {
    const reviews = async () => ((await (await fetch(`${server.url}/api/reviews/all`)).json()) as { client: string }[]).map((r) => r.client);
    const before = await reviews();
    expect(before.slice(0, 2)).toEqual(["Maren T.", "Dev K."]);
    const added = await post(morgan, "/staff/studio/reviews", { intent: "add", review: "Quick, kind and the fringe is perfect.", client: "Ola B.", stylist: "idris" });
    expect(added.status).toBe(200);
    expect((await history())[0]!.summary).toBe("Added a review by Ola B. for Idris");
    expect((await reviews())[0]).toBe("Ola B.");
    expect((await post(morgan, "/staff/studio/reviews", { intent: "act", at: "1", client: "Maren T.", act: "hide" })).status).toBe(200);
    expect((await history())[0]!.summary).toBe("Review by Maren T. hidden");
    expect(await reviews()).not.toContain("Maren T.");
    expect((await post(morgan, "/staff/studio/reviews", { intent: "act", at: "2", client: "Dev K.", act: "up" })).status).toBe(200);
    expect((await history())[0]!.summary).toBe("Review by Dev K. moved up, past Maren T.'s");
    expect((await reviews()).slice(0, 2)).toEqual(["Ola B.", "Dev K."]);
    // A review moved meanwhile is not the one changed.
    const stale = await post(morgan, "/staff/studio/reviews", { intent: "act", at: "2", client: "Dev K.", act: "hide" });
    expect(stale.status).toBe(400);
    expect(stale.text).toContain("The reviews changed while you were looking");
    await undoLatest(3);
    expect(await reviews()).toEqual(before);
  });

  it("keeps the rating summary: each bad box refused, shown on / and /reviews with its count, month and link, never as AggregateRating, and removed", async () => {
    const put = (body: unknown) => morgan.request("PUT", "/api/staff/studio/rating", { json: body, headers: { origin: server.url } });
    const known = (await history()).length;
    const bad = await put({ source: "", value: 5.5, count: "lots", read_on: "2099-01-01", url: "reviews.example.com" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      source: "Say where the rating is from, like Google",
      value: "Give the rating from 1 to 5, like 4.9",
      count: "Give how many reviews the rating is from, like 212",
      read_on: "The day you read it cannot be after today",
      url: "Give the link to the reviews as a whole web address, starting https://",
    });
    const page = await post(morgan, "/staff/studio/reviews", { intent: "rating", source: "Google", value: "4.85", count: "212", read_on: "2026-11-20", url: "https://reviews.example.com/larkfield" });
    expect(page.status).toBe(400);
    expect(page.text).toContain("Give the rating to one decimal place, like 4.9");
    expect(await history()).toHaveLength(known);
    // Stars of the reviews that have a figure, in words; none on those without.
    const reviewsPage = await publicText("/reviews");
    expect(reviewsPage).toMatch(/<span class="sr-only">5 out of 5 stars<\/span>[\s\S]*?Rosa talked me out of going too light/);
    expect(reviewsPage.match(/out of 5 stars/g)).toHaveLength(2);
    expect(reviewsPage).not.toContain('data-testid="rating"');

    const rating = { source: "Google", value: 4.9, count: 212, read_on: "2026-11-20", url: "https://reviews.example.com/larkfield" };
    const saved = await put(rating);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(rating);
    expect((await history())[0]!.summary).toBe("Rating set: 4.9 out of 5 from 212 Google reviews, November 2026");
    for (const path of ["/", "/reviews"]) {
      const text = await publicText(path);
      const summary = /<p[^>]*data-testid="rating"[^>]*>([\s\S]*?)<\/p>/.exec(text)?.[1] ?? "";
      expect(summary, path).toMatch(/<strong>4\.9<\/strong> out of 5 from <a href="https:\/\/reviews\.example\.com\/larkfield"[^>]*>212 Google reviews<\/a>, <time dateTime="2026-11-20">November 2026<\/time>/i);
      expect(text, path).not.toContain("AggregateRating");
    }
    expect((await morgan.request("DELETE", "/api/staff/studio/rating", { headers: { origin: server.url } })).status).toBe(204);
    expect((await history())[0]!.summary).toBe("Rating removed (was 4.9 out of 5 from 212 Google reviews, November 2026)");
    expect(await publicText("/reviews")).not.toContain('data-testid="rating"');
    // Nothing to take off: still 204, and no entry.
    const entries = (await history()).length;
    expect((await morgan.request("DELETE", "/api/staff/studio/rating", { headers: { origin: server.url } })).status).toBe(204);
    expect(await history()).toHaveLength(entries);
    expect((await rae.request("PUT", "/api/staff/studio/rating", { json: rating, headers: { origin: server.url } })).status).toBe(403);
  });

  it("puts the school's map picture, with its words, beside Open in maps on the contact page; none, no picture", async () => {
    const aside = async () => /<aside[\s\S]*?Open in maps/.exec(await publicText("/contact"))![0];
    expect(await aside()).not.toContain("<img");
    const upload = async (fields: Record<string, string>, file?: Buffer) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (file) form.set("file", new Blob([new Uint8Array(file)]), "map.png");
      const headers = { cookie: morgan.cookieHeader, "x-forwarded-for": morgan.address!, origin: server.url };
      const response = await fetch(`${server.url}/staff/studio/salons`, { method: "POST", body: form, headers, redirect: "manual" });
      return { status: response.status, text: decodeEntities(await response.text()) };
    };
    const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#cfe3d4" } }).png().toBuffer();
    const missing = await upload({ intent: "map", alt: "" }, png);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Describe the photo for someone who cannot see it");
    expect((await upload({ intent: "map", alt: "Map: the school on Kiln Yard" }, png)).status).toBe(200);
    expect((await history())[0]!.summary).toMatch(/^Photo added for the map of .+: “Map: the school on Kiln Yard”$/);
    expect(await aside()).toMatch(/<img src="\/photos\/\d+-\d+\.jpg" alt="Map: the school on Kiln Yard"/);
    // The API's `for` stays the contract's: a map is set on the salons page only.
    const api = new FormData();
    for (const [name, value] of Object.entries({ for: "map:3", alt: "A map", consent: "true" })) api.set(name, value);
    api.set("file", new Blob([new Uint8Array(png)]), "map.png");
    expect((await fetch(`${server.url}/api/staff/photos`, { method: "POST", body: api, headers: { cookie: morgan.cookieHeader, "x-forwarded-for": morgan.address!, origin: server.url } })).status).toBe(400);
    expect((await upload({ intent: "map-remove" })).status).toBe(200);
    expect(await aside()).not.toContain("<img");
  });

  it("keeps each salon's consultation link and a stylist's own booking link: validated, stored, exported and booked with", async () => {
    const main = async (path: string) => decodeEntities(element((await getPage(server.url, path)).text, "main")!);
    const hrefOf = (html: string, name: string) =>
      [...html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].find((m) => textOf(m[2]!) === name)?.[1];
    // The school's, from the content: the guide's new colour client books the consultation, not the colour.
    const schoolNew = await main("/bookings?client=new&service=colour");
    expect(hrefOf(schoolNew, "Book a consultation")).toBe(CONSULTATION);
    expect(hrefOf(schoolNew, "Book now")).toBeUndefined();
    // Elm Row's content has none: its consultation is booked on its booking link, until a manager gives one.
    const elmRow = fixture.salons.find((salon) => salon.id === 2)!;
    expect(hrefOf(await main("/bookings?client=new&service=colour&salon=2"), "Book a consultation")).toBe(elmRow.booking!.url);
    const sister = { intent: "sister", salon: "2", phone: elmRow.booking!.phone, url: elmRow.booking!.url, skinTest: elmRow.booking!.skinTest };
    const plain = await post(morgan, "/staff/studio/salons", { ...sister, consultation: "http://book.example.com/elm-row/consultation" });
    expect(plain.status).toBe(400);
    expect(plain.text).toContain("Give the consultation booking link as a whole web address, starting https://");
    // What was typed stays in its box.
    expect(plain.text).toContain('value="http://book.example.com/elm-row/consultation"');
    const consultation = "https://book.example.com/elm-row/consultation";
    expect((await post(morgan, "/staff/studio/salons", { ...sister, consultation })).status).toBe(200);
    expect((await history())[0]!.summary).toBe(`Elm Row Hair consultation link none → ${consultation}`);
    expect(hrefOf(await main("/bookings?client=new&service=colour&salon=2"), "Book a consultation")).toBe(consultation);

    // A stylist's own link, through the API the contract names: https only, the error on its field.
    const cai = fixture.stylists.find((s) => s.slug === "cai")!;
    const patch = (body: unknown) => morgan.request("PATCH", "/api/staff/studio/stylists/cai", { json: body, headers: { origin: server.url } });
    const refused = await patch({ booking_url: "http://book.example.com/larkfield?team_member_id=cai" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({ booking_url: "Give the stylist's booking link as a whole web address, starting https://" });
    const own = "https://book.example.com/larkfield?team_member_id=cai";
    const saved = await patch({ booking_url: ` ${own} ` });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ slug: "cai", booking_url: own });
    expect((await history())[0]!.summary).toBe("Cai Mather: new booking link");
    expect((await (await morgan.request("GET", "/staff/studio/team")).text()).replaceAll("&amp;", "&")).toContain(`value="${own}"`);

    // Her profile's Book now goes through the guide, which books a returning client with her own link.
    const profileBook = hrefOf(await main("/team/cai"), "Book now")!;
    expect(profileBook).toBe(`/bookings?stylist=${cai.id}`);
    const returning = await main(`${profileBook}&client=existing`);
    expect(hrefOf(returning, "Book now")).toBe(own);
    expect(textOf(returning)).toContain("Booking with Cai");

    // A quote with her: booked with her link (the API's booking.url too), her services listed beside the button.
    const link = await savedQuoteLink(server.url, { name: "Priya Shah", mobile: "+44 7700 900123", email: "priya.shah@example.com", referral: "google", salon_id: 3, regular: false, selector: "Stylist", stylist_id: cai.id, service_ids: [1, 16] });
    const details = (await (await fetch(`${server.url}/api/get-quote-details/${link}`)).json()) as { booking: { url: string } };
    expect(details.booking.url).toBe(own);
    const booking = decodeEntities(/<section[^>]*data-testid="quote-booking"[\s\S]*?<\/section>/.exec((await getPage(server.url, `/quote/${link}`)).text)![0]);
    expect(textOf(booking)).toContain("Book now opens Cai's own booking page. Choose each of these there:");
    for (const service of fixture.services.filter((s) => s.id === 1 || s.id === 16)) expect(textOf(booking)).toContain(service.service);
    const guide = hrefOf(booking, "Book now")!;
    expect(guide).toBe(`/bookings?client=new&service=cut-style&salon=3&stylist=${cai.id}`);
    expect(hrefOf(await main(guide), "Book now")).toBe(own);
    const direct = await fetch(`${server.url}${hrefOf(booking, "Been before? Book straight in")!}`, { redirect: "manual" });
    expect(direct.headers.get("location")).toBe(own);

    // The content's download carries both, in content/'s own files.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "booking-links-"));
    try {
      await exportContent(server.services.db, dir);
      expect(fs.readFileSync(path.join(dir, "stylists.yaml"), "utf8")).toContain(`booking_url: ${own}`);
      expect(fs.readFileSync(path.join(dir, "salons.yaml"), "utf8")).toContain(consultation);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // An empty box takes her link off: the salon's again.
    expect(await (await patch({ booking_url: "" })).json()).toMatchObject({ booking_url: null });
    expect(hrefOf(await main(`/bookings?client=existing&stylist=${cai.id}`), "Book now")).toBe(fixture.settings.links.booking);
  });
});
