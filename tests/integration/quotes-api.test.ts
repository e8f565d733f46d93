import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { levelNotOfferedMessage, NEW_STARTER_MENS_CUT_MESSAGE } from "~/modules/pricing/pricing";
import { engines } from "../support/databases";
import { fixture, people, salons, services as s } from "../support/fixture";
import { saveQuote } from "../support/quotes";
import { SmsSink } from "../support/sms-sink";
import { SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

const salonName = fixture.settings.name;

// The contract's shape of GET /api/get-quote-details/{link}, exactly: no email, no mobile, nothing extra.
const details = z.strictObject({
  name: z.string(),
  created_at: z.iso.datetime(),
  salon: z.strictObject({ id: z.number(), name: z.string() }),
  quote: z.strictObject({
    stylist: z.strictObject({ name: z.string(), image: z.string() }).nullable(),
    level: z.strictObject({ id: z.number(), name: z.string() }),
    services: z.array(z.strictObject({ service: z.string(), price: z.number() })),
    total: z.number(),
    regular: z.boolean(),
    minutes: z.number().int(),
  }),
  offer: z
    .strictObject({ code: z.literal("QG20"), percent: z.literal(20), discounted_total: z.number(), expires_at: z.iso.datetime() })
    .optional(),
  booking: z.strictObject({ url: z.url(), phone: z.string(), salon: z.strictObject({ id: z.number(), name: z.string() }) }),
});
const errorShape = z.strictObject({ error: z.string().min(1), fields: z.record(z.string(), z.string()).optional() });

const visitor = {
  name: "  Priya Shah ",
  mobile: " +44 7700 900123 ",
  email: " priya.shah@example.com ",
  referral: "google",
  // The school: levels 1, 3 and 4 are offered there.
  salon_id: salons.school.id,
};

describe.each(engines)("quotes API on %s", (engine) => {
  let server: TestServer;
  const smtp = new SmtpSink();
  const sms = new SmsSink();
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await saveQuote(server.url, body, headers);
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  };
  const get = async (link: string) => {
    const response = await fetch(`${server.url}/api/get-quote-details/${link}`);
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  beforeAll(async () => {
    await smtp.start();
    await sms.start();
    server = await startTestServer(engine, {
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "1000",
      PUBLIC_URL: "https://base.example.com",
      SMTP_URL: smtp.url,
      OUTBOX_POLL_MS: "20",
      ...sms.env,
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp.stop();
    await sms.stop();
  });

  it("sends the quote by email and its link by text message, with the server's figures", async () => {
    const saved = await post({
      ...visitor,
      mobile: "07700 900 777",
      email: "mail.test@example.com",
      regular: false,
      selector: "Stylist",
      stylist_id: people.lead.id,
      service_ids: [s.fullHead.id, s.cut.id],
    });
    expect(saved.status).toBe(201);
    const link = saved.body.link as string;
    const url = `https://base.example.com/quote/${link}`;
    await waitFor("the quote email", () => smtp.messages.some((m) => m.to.includes("mail.test@example.com")));
    await waitFor("the quote text", () => sms.messages.some((m) => m.to === "+447700900777"));
    const mail = smtp.messages.find((m) => m.to.includes("mail.test@example.com"))!;
    // Rosa (level 4, adapter 160): All-over Colour 22 * 2.6 = 57.2 + 9 = 66.2 → 66; Cut & Blow-dry 18 * 2.6 = 46.8 → 47;
    // total 113; offer 113 * 0.8 = 90.4 → 90
    expect(mail.subject).toBe(`Your ${salonName} quote: £113`);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("£66");
    expect(mail.text).toContain("£90");
    expect(mail.text).toContain("QG20");
    const text = sms.messages.find((m) => m.to === "+447700900777")!;
    expect(text.body).toBe(`Hi Priya, your quote for ${salonName}: ${url} To book, call ${fixture.settings.phone}`);
  });

  it("renders the email as it sends it, from the stored quote, not in the request; erased before it goes, it is never sent", async () => {
    const { outbox, db } = server.services;
    await outbox.stop();
    try {
      const kept = await post({ ...visitor, mobile: "07700 900 781", email: "later.test@example.com", regular: true, selector: "Level", level_id: 3, service_ids: [s.blowDry.id] });
      const erased = await post({ ...visitor, mobile: "07700 900 782", email: "erased.test@example.com", regular: true, selector: "Level", level_id: 3, service_ids: [s.blowDry.id] });
      expect([kept.status, erased.status]).toEqual([201, 201]);
      const queued = await db.selectFrom("outbox_messages").select(["subject", "body_html", "render_on_send", "status"]).where("recipient", "=", "later.test@example.com").executeTakeFirstOrThrow();
      expect(queued).toEqual({ subject: null, body_html: null, render_on_send: 1, status: "pending" });
      // As the retention purge or a staff member would erase it.
      const link = erased.body.link as string;
      await db.deleteFrom("quote_services").where("quote_link", "=", link).execute();
      await db.deleteFrom("quotes").where("link", "=", link).execute();
    } finally {
      outbox.start();
    }
    await waitFor("the kept quote's email", () => smtp.messages.some((m) => m.to.includes("later.test@example.com")));
    const row = () => db.selectFrom("outbox_messages").select(["subject", "render_on_send", "status"]).where("recipient", "=", "later.test@example.com").executeTakeFirstOrThrow();
    await waitFor("the kept quote's email recorded as sent", async () => (await row()).status === "sent");
    const sent = await row();
    // What was rendered is kept on the row, for the staff's view of the outbox.
    expect(sent).toEqual({ subject: expect.stringMatching(new RegExp(`^Your ${salonName} quote: £\\d+$`)), render_on_send: 0, status: "sent" });
    await waitFor("the erased quote's email given up", async () =>
      (await db.selectFrom("outbox_messages").select("status").where("recipient", "=", "erased.test@example.com").executeTakeFirstOrThrow()).status === "failed",
    );
    expect(smtp.messages.some((m) => m.to.includes("erased.test@example.com"))).toBe(false);
  });

  it("sends a regular visitor no first-visit offer", async () => {
    const saved = await post({ ...visitor, mobile: "07700 900 778", email: "regular.test@example.com", regular: true, selector: "Level", level_id: 3, service_ids: [s.blowDry.id] });
    expect(saved.status).toBe(201);
    await waitFor("the quote email", () => smtp.messages.some((m) => m.to.includes("regular.test@example.com")));
    const mail = smtp.messages.find((m) => m.to.includes("regular.test@example.com"))!;
    expect(mail.text).not.toContain("QG20");
    expect(mail.text).toContain(saved.body.link as string);
  });

  it("queues nothing when a quote is refused", async () => {
    const before = await server.services.db.selectFrom("outbox_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect((await post({ ...visitor, regular: false, selector: "Level", level_id: 1, service_ids: [s.mensCut.id] })).status).toBe(400);
    const after = await server.services.db.selectFrom("outbox_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("prices a level quote itself, ignoring a tampered total and prices", async () => {
    const saved = await post({
      ...visitor,
      regular: false,
      selector: "Level",
      level_id: 4,
      service_ids: [s.fullHead.id, s.gloss.id, s.plex.id, s.cut.id, s.waves.id],
      total: 1,
      quote: { total: 1, services: [{ service: s.fullHead.service, price: 1 }] },
      price: 0,
    });
    expect(saved.status).toBe(201);
    expect(Object.keys(saved.body)).toEqual(["link"]);
    const link = saved.body.link as string;
    expect(link).toMatch(/^[A-Za-z0-9_-]{10,}$/);

    const read = await get(link);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toContain("no-store");
    const body = details.parse(JSON.parse(read.text));
    // Level 4 (adapter 160): (57.2+9→66) + (18.2+2→20) + 14 flat + 46.8→47 + 15.6→16 = 163
    expect(body.quote.total).toBe(163);
    expect(body.quote.services).toEqual([
      { service: s.fullHead.service, price: 66 },
      { service: s.gloss.service, price: 20 },
      { service: s.plex.service, price: 14 },
      { service: s.cut.service, price: 47 },
      { service: s.waves.service, price: 16 },
    ]);
    expect(body.name).toBe("Priya");
    expect(body.salon).toEqual({ id: salons.school.id, name: salons.school.name });
    // The visit's chair time: the services' minutes added up, processing included.
    const minutes = [s.fullHead, s.gloss, s.plex, s.cut, s.waves].reduce((sum, service) => sum + service.minutes, 0);
    expect(body.quote.minutes).toBe(minutes);
    // A quote by level at the school is booked with the school.
    expect(body.booking).toEqual({ url: fixture.settings.links.booking, phone: fixture.settings.phone, salon: { id: salons.school.id, name: salons.school.name } });
    expect(body.quote.level).toEqual({ id: 4, name: fixture.levels.find((l) => l.id === 4)!.name });
    expect(body.quote.stylist).toBeNull();
    expect(body.quote.regular).toBe(false);
    // 163 * 0.8 = 130.4 → 130, for 4 days
    expect(body.offer?.discounted_total).toBe(130);
    expect(new Date(body.offer!.expires_at).getTime() - new Date(body.created_at).getTime()).toBe(4 * 24 * 3600 * 1000);

    // Never the visitor's email or mobile, in any form.
    expect(read.text).not.toMatch(/priya\.shah@example\.com|7700|900123|Shah/);
  });

  it("stores the mobile in one normal form, trimmed inputs, and the quote's own copy of the prices", async () => {
    const saved = await post({ ...visitor, mobile: "07700 900 456", regular: true, selector: "Level", level_id: 3, service_ids: [s.cut.id, s.conditioning.id] });
    expect(saved.status).toBe(201);
    const row = await server.services.db
      .selectFrom("quotes")
      .selectAll()
      .where("link", "=", saved.body.link as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Priya Shah",
      first_name: "Priya",
      mobile: "+447700900456",
      email: "priya.shah@example.com",
      referral: "google",
      regular: 1,
      calculator_type: "CuttingStyling",
      has_colour: 0,
      // 18 * 200/100 = 36, + 11 flat = 47
      total: 47,
    });
    const services = await server.services.db
      .selectFrom("quote_services")
      .select(["service_id", "service", "price"])
      .where("quote_link", "=", row.link)
      .orderBy("position")
      .execute();
    expect(services).toEqual([
      { service_id: s.cut.id, service: s.cut.service, price: 36 },
      { service_id: s.conditioning.id, service: s.conditioning.service, price: 11 },
    ]);
    // A regular visitor gets no first-visit offer.
    const body = details.parse(JSON.parse((await get(row.link)).text));
    expect(body.offer).toBeUndefined();
  });

  it("prices a stylist quote at the stylist's level", async () => {
    // Lowri is an Improver (level 3, adapter 100): Gents' Cut 11 * 2 = 22; Gents' Colour 13 * 2 = 26 + 5 = 31
    const saved = await post({ ...visitor, regular: false, selector: "Stylist", stylist_id: people.improver.id, service_ids: [s.mensCut.id, s.mensColour.id] });
    expect(saved.status).toBe(201);
    const body = details.parse(JSON.parse((await get(saved.body.link as string)).text));
    expect(body.quote.stylist).toEqual({ name: people.improver.name, image: `/images/team/${people.improver.slug}.svg` });
    expect(body.quote.level).toEqual({ id: 3, name: fixture.levels.find((l) => l.id === 3)!.name });
    expect(body.quote.total).toBe(53);
    expect(body.quote.minutes).toBe(s.mensCut.minutes + s.mensColour.minutes);
  });

  it("books a quote with a sister salon's stylist with that salon, never the school", async () => {
    const stylist = people.atDefaultSalon;
    const sister = fixture.salons.find((salon) => salon.id === stylist.salon)!;
    const saved = await post({ ...visitor, regular: false, selector: "Stylist", stylist_id: stylist.id, service_ids: [s.cut.id, s.waves.id, s.conditioning.id] });
    expect(saved.status).toBe(201);
    const body = details.parse(JSON.parse((await get(saved.body.link as string)).text));
    expect(body.booking).toEqual({ url: sister.booking!.url, phone: sister.booking!.phone, salon: { id: sister.id, name: sister.name } });
    expect(body.booking.url).not.toBe(fixture.settings.links.booking);
  });

  it("makes a different, unguessable link every time", async () => {
    const links = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const saved = await post({ ...visitor, regular: true, selector: "Level", level_id: 3, service_ids: [s.blowDry.id] });
      links.add(saved.body.link as string);
    }
    expect(links.size).toBe(5);
    for (const link of links) expect(link).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("saves every quote of many sent at once, each with its messages (on PostgreSQL, no two saves wait on each other)", async () => {
    const sent = Array.from({ length: 32 }, (_, n) =>
      post({ ...visitor, email: `many.${n}@example.com`, mobile: `07700 9${String(n).padStart(5, "0")}`, regular: true, selector: "Level", level_id: 3, service_ids: [s.blowDry.id] }),
    );
    const saved = await Promise.all(sent);
    expect(saved.map((r) => r.status)).toEqual(saved.map(() => 201));
    const links = saved.map((r) => r.body.link as string);
    expect(new Set(links).size).toBe(32);
    const messages = await server.services.db.selectFrom("outbox_messages").select("related_id").where("related_id", "in", links).execute();
    expect(messages).toHaveLength(64);
  });

  it.each([
    ["a New Starter men's cut", { selector: "Level", level_id: 1, service_ids: [s.mensCut.id] }, NEW_STARTER_MENS_CUT_MESSAGE],
    ["a stylist who is a New Starter cutting men's hair", { selector: "Stylist", stylist_id: people.newStarter.id, service_ids: [s.mensCut.id, s.mensColour.id] }, NEW_STARTER_MENS_CUT_MESSAGE],
    ["an unknown service", { selector: "Level", level_id: 3, service_ids: [s.cut.id, 999] }, "We don't have a service with id 999"],
    ["a service priced at 0, which is never listed", { selector: "Level", level_id: 3, service_ids: [s.unlisted.id] }, `We don't have a service with id ${s.unlisted.id}`],
    ["Balayage at New Starter level", { selector: "Level", level_id: 1, service_ids: [s.balayage.id, s.cut.id] }, expect.stringContaining("New Starters")],
    ["colour id 10 at New Starter level", { selector: "Level", level_id: 1, service_ids: [s.fullFoils.id, s.cut.id] }, expect.stringContaining("New Starters")],
    ["colour id 14 at New Starter level", { selector: "Level", level_id: 1, service_ids: [s.rootMelt.id, s.cut.id] }, expect.stringContaining("New Starters")],
    ["an add-on that doesn't go with the colour", { selector: "Level", level_id: 3, service_ids: [s.fullHead.id, s.foilsToner.id, s.cut.id] }, expect.stringContaining("doesn't go with")],
    ["men's and women's services together", { selector: "Level", level_id: 3, service_ids: [s.mensCut.id, s.cut.id] }, expect.any(String)],
    ["a stylist not taking new clients", { selector: "Stylist", stylist_id: people.notTaking.id, service_ids: [s.cut.id] }, `${people.notTaking.first_name} isn't taking new clients at the moment`],
    ["an unknown stylist", { selector: "Stylist", stylist_id: 404, service_ids: [s.cut.id] }, expect.any(String)],
    ["an unknown level", { selector: "Level", level_id: 12, service_ids: [s.cut.id] }, expect.any(String)],
    ["a level that isn't the stylist's", { selector: "Stylist", stylist_id: people.improver.id, level_id: 1, service_ids: [s.cut.id] }, expect.any(String)],
    ["an unknown salon", { selector: "Level", level_id: 3, service_ids: [s.cut.id], salon_id: 7 }, expect.any(String)],
    [
      "a level nobody at the salon works at",
      { selector: "Level", level_id: 3, service_ids: [s.cut.id], salon_id: salons.sister.id },
      levelNotOfferedMessage(fixture.levels.find((l) => l.id === 3)!.name, salons.sister.name),
    ],
    ["a level nobody in the group works at", { selector: "Level", level_id: 2, service_ids: [s.cut.id] }, expect.stringContaining("We don't have a Trainee at")],
    ["bond-building without its colour", { selector: "Level", level_id: 3, service_ids: [s.plex.id, s.cut.id, s.waves.id] }, expect.stringContaining(`${s.plex.service} goes with a colour`)],
    ["a colour add-on without its colour", { selector: "Level", level_id: 3, service_ids: [s.gloss.id, s.cut.id, s.waves.id] }, expect.stringContaining("goes with a colour")],
  ])("refuses %s with 400", async (_what, body, message) => {
    const response = await post({ ...visitor, regular: false, ...body });
    expect(response.status).toBe(400);
    const error = errorShape.parse(response.body);
    expect(error.error).toEqual(message);
    const count = await server.services.db.selectFrom("quotes").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0); // earlier tests' quotes, none added by a refusal
  });

  it("finding: a returning client's quote with a stylist who takes no new clients was refused", async () => {
    const response = await post({ ...visitor, regular: true, selector: "Stylist", stylist_id: people.notTaking.id, service_ids: [s.cut.id] });
    expect(response.status).toBe(201);
    const saved = await server.services.db.selectFrom("quotes").select(["stylist_id", "regular"]).where("link", "=", (response.body as { link: string }).link).executeTakeFirstOrThrow();
    expect(saved).toEqual({ stylist_id: people.notTaking.id, regular: 1 });
  });

  it("validates the finish form's fields with the spec's messages", async () => {
    const empty = await post({ regular: false, selector: "Level", level_id: 3, service_ids: [s.cut.id], salon_id: salons.sister.id, name: "  ", mobile: "", email: " ", referral: "default" });
    expect(empty.status).toBe(400);
    expect(errorShape.parse(empty.body).fields).toEqual({
      name: "Your name is required",
      mobile: "Your mobile number is required",
      email: "Email Address is required",
      referral: "How did you hear about us is required",
    });
    const wrong = await post({ ...visitor, mobile: "01632 960412", email: "not-an-email", regular: false, selector: "Level", level_id: 3, service_ids: [s.cut.id] });
    expect(errorShape.parse(wrong.body).fields).toEqual({
      mobile: "A valid mobile number is required",
      email: "Valid Email Address is required",
    });
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(Object.keys(errorShape.parse(missing.body).fields ?? {})).toEqual(
      expect.arrayContaining(["name", "mobile", "email", "referral", "salon_id", "regular", "selector", "service_ids"]),
    );
    const stylistless = await post({ ...visitor, regular: true, selector: "Stylist", service_ids: [s.cut.id] });
    expect(errorShape.parse(stylistless.body).fields).toEqual({ stylist_id: "Please choose a stylist" });
  });

  it("takes the original site's referral values in any case and stores them as the codes", async () => {
    const sent = { "Social Media": "social", GOOGLE: "google", "friends-family": "friends-family", "Work colleague": "colleague", other: "other", Colleague: "colleague" };
    for (const [referral, code] of Object.entries(sent)) {
      const saved = await post({ ...visitor, referral, regular: true, selector: "Level", level_id: 3, service_ids: [s.cut.id] });
      expect(saved.status, referral).toBe(201);
      const row = await server.services.db.selectFrom("quotes").select("referral").where("link", "=", saved.body.link as string).executeTakeFirstOrThrow();
      expect(row.referral, referral).toBe(code);
    }
    for (const referral of ["default", "DEFAULT", "a billboard"]) {
      const refused = await post({ ...visitor, referral, regular: true, selector: "Level", level_id: 3, service_ids: [s.cut.id] });
      expect(refused.status, referral).toBe(400);
      expect(errorShape.parse(refused.body).fields).toEqual({ referral: "How did you hear about us is required" });
    }
  });

  it("answers an unknown or malformed link with 404", async () => {
    for (const link of ["AAAAAAAAAAAAAAAA", "12345", "..%2F..%2Fetc"]) {
      const response = await get(link);
      expect(response.status).toBe(404);
      errorShape.parse(JSON.parse(response.text));
    }
  });
});

describe("quote saving is rate limited per client address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(async () => {
    await server?.close();
  });

  const save = (address: string) =>
    // The app trusts X-Forwarded-For from loopback (a local proxy), which lets one test play several visitors.
    saveQuote(server.url, { ...visitor, regular: true, selector: "Level", level_id: 3, service_ids: [s.cut.id] }, { "x-forwarded-for": address });

  it("answers 429 with Retry-After once an address has used its allowance, and counts others apart", async () => {
    for (let i = 0; i < 3; i++) expect((await save("203.0.113.7")).status).toBe(201);
    const refused = await save("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    errorShape.parse(await refused.json());
    expect((await save("203.0.113.8")).status).toBe(201);
  });
});
