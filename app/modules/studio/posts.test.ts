import { describe, expect, it } from "vitest";
import { isScheduled, planPostPatch, postFiles, postText } from "./posts";
import { postPatchSchema } from "./studio-forms";

const files = (publishAt?: string) =>
  new Map([["blog/spring.md", postText({ title: "Spring", author: "Morgan", date: "2027-03-01", excerpt: "Words.", draft: false, publishAt, body: "Words." })]]);

describe("finding: a post could not wait for its publish time", () => {
  it.each([
    { publishAt: undefined, draft: false, now: "2027-03-01T08:00:00Z", scheduled: false },
    { publishAt: "2027-03-01T09:00:00.000Z", draft: false, now: "2027-03-01T08:59:59Z", scheduled: true },
    { publishAt: "2027-03-01T09:00:00.000Z", draft: false, now: "2027-03-01T09:00:00Z", scheduled: false },
    { publishAt: "2027-03-01T09:00:00.000Z", draft: true, now: "2027-03-01T08:00:00Z", scheduled: false },
  ])("a post with publish_at $publishAt (draft $draft) at $now is scheduled: $scheduled", ({ publishAt, draft, now, scheduled }) => {
    expect(isScheduled({ publishAt, draft }, new Date(now))).toBe(scheduled);
  });

  it.each([
    { given: "2027-03-01T10:00:00+01:00", parsed: "2027-03-01T09:00:00.000Z" },
    { given: null, parsed: null },
    { given: "2027-03-01", parsed: "refused" },
    { given: "soon", parsed: "refused" },
    { given: 1700000000, parsed: "refused" },
  ])("publish_at $given is read as $parsed", ({ given, parsed }) => {
    const result = postPatchSchema.safeParse({ publish_at: given });
    expect(result.success ? result.data.publish_at : "refused").toBe(parsed);
  });

  it("keeps the moment in the post's file, and null clears it", () => {
    expect(postFiles(files("2027-03-01T09:00:00.000Z"))[0]!.publishAt).toBe("2027-03-01T09:00:00.000Z");
    const cleared = planPostPatch(files("2027-03-01T09:00:00.000Z"), "spring", { publish_at: null });
    if ("kind" in cleared) throw new Error(cleared.message);
    expect(cleared.after.publishAt).toBeUndefined();
    expect(cleared.planned.changes[0]!.after).not.toContain("publish_at");
  });
});
