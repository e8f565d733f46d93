import { beforeAll, describe, expect, it } from "vitest";
import { readContentFiles } from "~/modules/site/content-store.server";
import { offerPlace } from "~/modules/studio/offers";
import { servicePlace } from "~/modules/studio/price-list";
import { sisterPlace, sisterRows } from "~/modules/studio/salons";
import { stylistPlace } from "~/modules/studio/team";
import { codeWordPlace, landingPlace, landingRows } from "~/modules/studio/words";
import { versionAt } from "~/modules/studio/versions.server";
import { engines } from "../support/databases";
import { STAFF, type StaffClient, wholeTeamEnv } from "../support/staff-client";
import { staffTeamFor } from "../support/staff-team";
import type { TestServer } from "../support/test-server";

const ROOTS = 3; // the fixture's Roots Touch-up: £15 + £5 product, 90 minutes, at New Starter (level 1) £20

interface Answer {
  status: number;
  body: Record<string, unknown> & { version?: string; error?: string; yours?: Record<string, unknown>; theirs?: Record<string, unknown> & { version: string } };
}

// Every studio save may say which version of its record it opened (api-contract.md, "Studio", decision 0069):
// changed since, it is refused with theirs and nothing is saved; the same, or none, it saves as before.
describe.each(engines)("studio versions on %s", (engine) => {
  const team = staffTeamFor(engine, { pages: true, network: "203.0.113", env: { STAFF_ACCOUNTS: wholeTeamEnv } });
  let server: TestServer;
  let morgan: StaffClient;
  let sam: StaffClient;
  const call = async (who: StaffClient, method: string, path: string, json?: unknown): Promise<Answer> => {
    const response = await who.request(method, path, json === undefined ? {} : { json });
    return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Answer["body"]) };
  };
  const rootsPrice = async () => ((await (await fetch(`${server.url}/api/services`)).json()) as { id: number; price: number }[]).find((s) => s.id === ROOTS)!.price;
  const historyLength = async () => (await server.services.db.selectFrom("studio_history").select("id").execute()).length;

  beforeAll(async () => {
    ({ server, morgan } = team);
    sam = team.client();
    expect((await sam.signIn(STAFF.sam)).status).toBe(200);
  });

  it("refuses a stale PATCH of a service with 409, yours and theirs with its version, saving nothing; the current version and no version save", async () => {
    // An empty PATCH changes nothing and answers the service as it is, with its version: what an editor opens.
    const opened = await call(morgan, "PATCH", `/api/staff/studio/services/${ROOTS}`, {});
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ id: ROOTS, service: "Roots Touch-up", price: 15, product_price: 5, cat1: 2, cat2: 0, minutes: 90, hidden: false, version: expect.stringMatching(/^[\w-]{16}$/) });
    const v1 = opened.body.version!;
    expect(v1).toBe(versionAt(await readContentFiles(server.services.db), servicePlace(ROOTS)));

    // Sam opened it too, and saves first, with the version he opened.
    const first = await call(sam, "PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 16, version: v1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ price: 16, version: expect.any(String) });
    const v2 = first.body.version!;
    expect(v2).not.toBe(v1);
    const entries = await historyLength();

    // Morgan saves what he typed over the version he opened: refused, with both.
    const stale = await call(morgan, "PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 20, minutes: "100", version: v1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: expect.stringMatching(/^Roots Touch-up was changed by Sam at \d\d\/\d\d\/\d\d \d\d:\d\d \(“Roots Touch-up £15 → £16”\) since you opened it, so nothing was saved\.$/),
      yours: { price: 20, minutes: 100, version: v1 },
      theirs: { id: ROOTS, service: "Roots Touch-up", price: 16, product_price: 5, cat1: 2, cat2: 0, minutes: 90, hidden: false, version: v2 },
    });
    expect(await rootsPrice()).toBe(16);
    expect(await historyLength()).toBe(entries);
    expect(versionAt(await readContentFiles(server.services.db), servicePlace(ROOTS))).toBe(v2);

    // "Keep mine": the same again with theirs' version saves.
    const mine = await call(morgan, "PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 20, minutes: "100", version: stale.body.theirs!.version });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ price: 20, minutes: 100, version: expect.any(String) });
    expect(await rootsPrice()).toBe(20);

    // Without a version the save applies as before, whatever changed since.
    const plain = await call(sam, "PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 15, minutes: 90 });
    expect(plain.status).toBe(200);
    expect(await rootsPrice()).toBe(15);
    // The version is of the record's value: back as it was, back to the first version.
    expect(plain.body.version).toBe(v1);

    // A version that is not text is a bad request, named beside the field; a service that is not there is 404 whatever the version.
    const bad = await call(morgan, "PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 16, version: 7 });
    expect(bad.status).toBe(400);
    expect((bad.body as { fields: Record<string, string> }).fields).toEqual({ version: expect.stringContaining("Send back the version") });
    expect((await call(morgan, "PATCH", "/api/staff/studio/services/999", { price: 16, version: v2 })).status).toBe(404);
    expect(await rootsPrice()).toBe(15);
  });

  it("answers every studio record written with its version, and keeps the same rule for stylists, posts, offers and news items", async () => {
    const created = {
      service: await call(morgan, "POST", "/api/staff/studio/services", { service: "Fringe Shape", price: 5, product_price: 0, cat1: 1, cat2: 0, minutes: 15 }),
      stylist: await call(morgan, "POST", "/api/staff/studio/stylists", { first_name: "Jo", last_name: "Marsh", level: 1, salon: 3, para_1: "Jo joined us this spring." }),
      post: await call(morgan, "POST", "/api/staff/studio/posts", { title: "Versions", body: "Words.", author: "Morgan", draft: true }),
      offer: await call(morgan, "POST", "/api/staff/studio/offers", { title: "Versioned offer", percent: 10, text: "Ten per cent off any colour appointment booked this month." }),
      news: await call(morgan, "POST", "/api/staff/news-items", { title: "Versioned news", text: "Boxed sets for the holidays." }),
    };
    for (const [what, answer] of Object.entries(created)) expect({ what, status: answer.status, version: answer.body.version }).toEqual({ what, status: 201, version: expect.stringMatching(/^[\w-]{16}$/) });
    expect(Object.keys(created.service.body).sort()).toEqual(["id", "version"]);

    const records: { path: string; change: Record<string, unknown>; theirs: Record<string, unknown>; opened: string }[] = [
      { path: `/api/staff/studio/services/${created.service.body.id as number}`, change: { minutes: 20 }, theirs: { service: "Fringe Shape", minutes: 20 }, opened: created.service.body.version! },
      { path: `/api/staff/studio/stylists/${created.stylist.body.slug as string}`, change: { role: "Floor Lead" }, theirs: { first_name: "Jo", role: "Floor Lead" }, opened: created.stylist.body.version! },
      { path: `/api/staff/studio/posts/${created.post.body.slug as string}`, change: { title: "Versions, again" }, theirs: { title: "Versions, again", draft: true }, opened: created.post.body.version! },
      { path: `/api/staff/studio/offers/${created.offer.body.slug as string}`, change: { percent: 15 }, theirs: { title: "Versioned offer", percent: 15 }, opened: created.offer.body.version! },
      { path: `/api/staff/news-items/${created.news.body.slug as string}`, change: { title: "Versioned news, again" }, theirs: { title: "Versioned news, again", text: "Boxed sets for the holidays." }, opened: created.news.body.version! },
    ];
    for (const { path, change, theirs, opened } of records) {
      const saved = await call(sam, "PATCH", path, { ...change, version: opened });
      expect({ path, status: saved.status }).toEqual({ path, status: 200 });
      expect(saved.body).toMatchObject({ ...theirs, version: expect.any(String) });
      expect(saved.body.version).not.toBe(opened);
      const entries = await historyLength();
      const stale = await call(morgan, "PATCH", path, { text: "Mine, typed over the version I opened, at least fifty characters long.", version: opened });
      expect({ path, status: stale.status }).toEqual({ path, status: 409 });
      expect(stale.body.error).toMatch(/ was changed by Sam at .* since you opened it, so nothing was saved\.$/);
      expect(stale.body.yours).toMatchObject({ version: opened });
      expect(stale.body.theirs).toMatchObject({ ...theirs, version: saved.body.version });
      expect(await historyLength()).toBe(entries);
      // Theirs' version is the current one: a save with it goes through.
      const again = await call(morgan, "PATCH", path, { ...change, version: saved.body.version });
      expect({ path, status: again.status, version: again.body.version }).toEqual({ path, status: 200, version: saved.body.version });
    }
  });

  it("answers a stale form post on the studio's price list with the conflict panel: theirs beside what was typed, and Keep mine saves it", async () => {
    const own = { origin: server.url };
    const opened = versionAt(await readContentFiles(server.services.db), servicePlace(ROOTS))!;
    const page = await (await morgan.request("GET", "/staff/studio/prices")).text();
    expect(page).toContain(`name="version" value="${opened}"`);
    // The page's form, as Morgan typed it: New Starter at £23 (a base price of £18).
    const typed = { intent: "service", id: String(ROOTS), version: opened, service: "Roots Touch-up", product_price: "5", minutes: "90", "prices[0].level": "1", "prices[0].price": "23" };

    // Sam saves first, through the API.
    expect((await call(sam, "PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 16, version: opened })).status).toBe(200);
    const entries = await historyLength();

    const stale = await morgan.request("POST", "/staff/studio/prices", { form: typed, headers: own });
    expect(stale.status).toBe(409);
    const html = (await stale.text()).replace(/&#x27;/g, "'");
    expect(html).toContain("Someone else saved this while you were typing");
    expect(html).toMatch(/Roots Touch-up was changed by Sam at [\d/: ]+ \(“Roots Touch-up £15 → £16”\) since you opened it, so nothing was saved\./);
    // Side by side: theirs, £21 at New Starter now, and the £23 Morgan typed, kept to copy and in Keep mine's form with theirs' version.
    expect(html).toMatch(/data-theirs="prices\[0\]\.price"[^>]*>21</);
    expect(html).toMatch(/data-yours="prices\[0\]\.price"[^>]*>23</);
    const current = versionAt(await readContentFiles(server.services.db), servicePlace(ROOTS))!;
    expect(html).toContain("Keep mine");
    expect(html).toContain("Keep theirs");
    expect(html).toContain(`<input type="hidden" name="prices[0].price" value="23"/>`);
    expect(html).toContain(`<input type="hidden" name="version" value="${current}"/>`);
    expect(await rootsPrice()).toBe(16);
    expect(await historyLength()).toBe(entries);

    // Keep mine: what was typed, with theirs' version.
    const mine = await morgan.request("POST", "/staff/studio/prices", { form: { ...typed, version: current }, headers: own });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain("Saved: Roots Touch-up £16 → £18.");
    expect(await rootsPrice()).toBe(18);
    expect((await call(morgan, "PATCH", `/api/staff/studio/services/${ROOTS}`, { price: 15 })).status).toBe(200);
  });

  it("answers stale form posts on the team, posts and offers pages with the panel too; a form without a version saves as before", async () => {
    const own = { origin: server.url };
    const files = await readContentFiles(server.services.db);
    const stylist = versionAt(files, stylistPlace("idris"))!;
    expect((await call(sam, "PATCH", "/api/staff/studio/stylists/idris", { favourite_style: "Skin fades", version: stylist })).status).toBe(200);
    const team = { intent: "stylist", slug: "idris", version: stylist, first_name: "Idris", last_name: "Fenwick", level: "1", salon: "3", role: "", favourite_style: "Crops", para_1: "Idris cuts.", para_2: "", para_3: "", booking_url: "" };
    const refused = await morgan.request("POST", "/staff/studio/team", { form: team, headers: own });
    expect(refused.status).toBe(409);
    const teamHtml = await refused.text();
    expect(teamHtml).toMatch(/data-theirs="favourite_style"[^>]*>Skin fades</);
    expect(teamHtml).toMatch(/data-yours="favourite_style"[^>]*>Crops</);
    // Keep mine: saved over theirs, the boxes left blank (role, second and third paragraph, booking link) taking those words off.
    const kept = await morgan.request("POST", "/staff/studio/team", { form: { ...team, version: versionAt(await readContentFiles(server.services.db), stylistPlace("idris"))! }, headers: own });
    expect(kept.status).toBe(200);
    expect(await call(morgan, "PATCH", "/api/staff/studio/stylists/idris", {})).toMatchObject({ body: { favourite_style: "Crops", role: null, para_2: null, booking_url: null } });

    const rosa = versionAt(files, offerPlace("rosa"))!;
    expect((await call(sam, "PATCH", "/api/staff/studio/offers/rosa", { percent: 25, version: rosa })).status).toBe(200);
    const offer = { intent: "offer", slug: "rosa", version: rosa, title: "15% off your first visit with Rosa", percent: "20", code: "ROSA15", startDate: "", endDate: "", text: "Rosa's favourite work is soft copper balayage. Book with her for the first time and take 15% off." };
    const offerRefused = await morgan.request("POST", "/staff/studio/offers", { form: offer, headers: own });
    expect(offerRefused.status).toBe(409);
    expect(await offerRefused.text()).toMatch(/data-yours="percent"[^>]*>20</);
    // The same form without its version (a page from before versions) saves as before.
    const { version: _v, ...unversioned } = offer;
    expect((await morgan.request("POST", "/staff/studio/offers", { form: unversioned, headers: own })).status).toBe(200);
    expect(((await call(morgan, "PATCH", "/api/staff/studio/offers/rosa", {})).body as { percent: number }).percent).toBe(20);

    const created = await call(morgan, "POST", "/api/staff/studio/posts", { title: "A post to edit twice", body: "First words.", author: "Morgan", draft: true });
    const slug = created.body.slug as string;
    expect((await call(sam, "PATCH", `/api/staff/studio/posts/${slug}`, { body: "Sam's words.", version: created.body.version })).status).toBe(200);
    const post = { intent: "draft", slug, version: created.body.version as string, title: "A post to edit twice", author: "Morgan", date: "2026-11-20", body: "Morgan's words." };
    const postRefused = await morgan.request("POST", "/staff/studio/posts", { form: post, headers: own });
    expect(postRefused.status).toBe(409);
    const postHtml = (await postRefused.text()).replace(/&#x27;/g, "'");
    expect(postHtml).toMatch(/data-theirs="body"[^>]*>Sam's words\.</);
    expect(postHtml).toMatch(/data-yours="body"[^>]*>Morgan's words\.</);
    expect(postHtml).toContain(`<input type="hidden" name="intent" value="draft"/>`);
  });

  it("answers stale form posts on the salons and words pages with the panel too", async () => {
    const { post } = team;
    const files = await readContentFiles(server.services.db);

    // A landing section's words.
    const about = landingRows(files).find((r) => r.section === "about")!;
    const landing = { intent: "landing", section: "about", version: versionAt(files, landingPlace("about"))!, body: about.body.join("\n\n"), ...(about.button === undefined ? {} : { button: about.button }) };
    expect((await post(sam, "/staff/studio/words", { ...landing, heading: "Sam's heading" })).status).toBe(200);
    const landingRefused = await post(morgan, "/staff/studio/words", { ...landing, heading: "Morgan's heading" });
    expect(landingRefused.status).toBe(409);
    const landingHtml = (await landingRefused.text()).replace(/&#x27;/g, "'");
    expect(landingHtml).toMatch(/data-theirs="heading"[^>]*>Sam's heading</);
    expect(landingHtml).toMatch(/data-yours="heading"[^>]*>Morgan's heading</);

    // A sentence still at its default has a version too: the first to write their own wins, the second is asked.
    const key = "calculator.level";
    const word = { intent: "word", key, version: versionAt(files, codeWordPlace(key))! };
    expect(word.version).toMatch(/^[\w-]{16}$/);
    expect((await post(sam, "/staff/studio/words", { ...word, text: "Sam's sentence." })).status).toBe(200);
    const wordRefused = await post(morgan, "/staff/studio/words", { ...word, text: "Morgan's sentence." });
    expect(wordRefused.status).toBe(409);
    expect((await wordRefused.text()).replace(/&#x27;/g, "'")).toMatch(/data-yours="text"[^>]*>Morgan's sentence\.</);

    // A sister salon's phone and booking links: one without a consultation link, its box left blank.
    const sister = sisterRows(files).find((row) => !row.booking?.consultation)!;
    const booking = { intent: "sister", salon: String(sister.id), version: versionAt(files, sisterPlace(sister.id))!, url: sister.booking?.url ?? "https://book.example.com", skinTest: sister.booking?.skinTest ?? "https://book.example.com/skin" };
    expect((await post(sam, "/staff/studio/salons", { ...booking, phone: "01632 960001" })).status).toBe(200);
    const sisterRefused = await post(morgan, "/staff/studio/salons", { ...booking, phone: "01632 960002" });
    expect(sisterRefused.status).toBe(409);
    expect(await sisterRefused.text()).toMatch(/data-yours="phone"[^>]*>01632 960002</);
  });
});
