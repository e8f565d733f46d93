import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../support/databases";
import { STAFF, StaffClient } from "../support/staff-client";
import { caughtUp, startTestServer, type TestServer } from "../support/test-server";

// Publishing on time (issue 33, decision 0059): a post with a publish time is a
// draft to the public until it, then public on every instance with no write.
describe.each(engines)("finding: a scheduled post needed someone to publish it by hand, on %s", (engine) => {
  let first: TestServer;
  let second: TestServer;
  let morgan: StaffClient;
  const env = { STAFF_ACCOUNTS: `${STAFF.morgan.name}:${STAFF.morgan.pin}:manager`, RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_HOUR: "10000" };

  beforeAll(async () => {
    first = await startTestServer(engine, env, { pages: true });
    second = await startTestServer(engine, env, { pages: true, database: first.database });
    morgan = new StaffClient(first.url, "203.0.113.90");
    expect((await morgan.signIn(STAFF.morgan)).status).toBe(200);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** What a visitor (no cookie) finds of the post on one instance: its page's status, and whether the blog's list and the sitemap name it. */
  const seen = async (server: TestServer, slug: string) => {
    const page = await fetch(`${server.url}/blog/${slug}`);
    const list = await (await fetch(`${server.url}/blog`)).text();
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    return { page: page.status, listed: list.includes(`/blog/${slug}`), inSitemap: sitemap.includes(`/blog/${slug}`) };
  };

  it("refuses a publish time that is not an ISO 8601 date and time", async () => {
    for (const publish_at of ["tomorrow", "2027-03-01", 17, "2027-02-30T09:00:00Z"]) {
      const answer = await morgan.request("POST", "/api/staff/studio/posts", { json: { title: "Bad time", body: "Words.", author: "Morgan", publish_at } });
      expect(answer.status, String(publish_at)).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it("shows the post nowhere before its time and everywhere from it, on two instances, with no write", async () => {
    const publishAt = new Date(Date.now() + 4000);
    const created = await morgan.request("POST", "/api/staff/studio/posts", {
      json: { title: "Spring colour week", body: "Bright colours all week.", author: "Morgan", publish_at: publishAt.toISOString() },
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { slug: string };
    await caughtUp(second);

    for (const server of [first, second]) expect(await seen(server, post.slug)).toEqual({ page: 404, listed: false, inSitemap: false });
    expect(Date.now()).toBeLessThan(publishAt.getTime());

    // Staff see it marked scheduled, and can open its page.
    expect(await (await morgan.request("GET", "/staff/studio/posts")).text()).toContain("Scheduled");
    const staffPage = await morgan.request("GET", `/blog/${post.slug}`);
    expect(staffPage.status).toBe(200);
    expect(await staffPage.text()).toContain("Scheduled: it goes public at");

    // Nobody writes: each instance shows it once its time has come, and not before.
    for (const server of [first, second]) {
      await expect
        .poll(async () => {
          const status = (await fetch(`${server.url}/blog/${post.slug}`)).status;
          if (status === 200) expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
          return status;
        }, { timeout: 15_000, interval: 200 })
        .toBe(200);
      expect(await seen(server, post.slug)).toEqual({ page: 200, listed: true, inSitemap: true });
    }
  });

  it("publishes at once when the publish time is cleared with null", async () => {
    const created = await morgan.request("POST", "/api/staff/studio/posts", {
      json: { title: "Far ahead", body: "Not yet.", author: "Morgan", publish_at: "2099-01-01T09:00:00+01:00" },
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    expect((await seen(first, slug)).page).toBe(404);
    const moved = await morgan.request("PATCH", `/api/staff/studio/posts/${slug}`, { json: { publish_at: "2099-06-01T09:00:00+01:00" } });
    expect(((await moved.json()) as { publish_at: string }).publish_at).toBe("2099-06-01T08:00:00.000Z");
    expect((await seen(first, slug)).page).toBe(404);
    const cleared = await morgan.request("PATCH", `/api/staff/studio/posts/${slug}`, { json: { publish_at: null } });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { publish_at: string | null }).publish_at).toBeNull();
    expect(await seen(first, slug)).toEqual({ page: 200, listed: true, inSitemap: true });
  });
});
