/**
 * Migration 0020 gives each submission kind one name in what is already
 * stored: the audit trail's subjects and the outbox's related types written
 * under the old names are renamed, every row kept, on both engines; and back.
 */
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import * as oneName from "../../db/migrations/0020-one-name-per-kind";
import { submissionKinds } from "~/modules/submissions/kinds";
import { databasePerTest } from "../support/database-per-test";
import { engines } from "../support/databases";
import { outboxRow } from "../support/outbox";

const oldSubjects = ["applicant", "model-signup", "contact-message", "open-evening-registration", "feedback-registration", "applicants", "quote"];
const newSubjects = ["joinus", "models", "messages", "open-evening", "feedback", "applicants", "quote"];

describe.each(engines)("one name per kind in stored rows on %s", (engine) => {
  const openDatabase = databasePerTest(engine);

  it("renames the old audit subjects and outbox types to the kinds' names, keeping every row, and back", async () => {
    const db = await openDatabase();
    const at = "2026-11-20T10:00:00.000Z";
    await db
      .insertInto("audit_events")
      .values(oldSubjects.map((subject_type, i) => ({ at, actor: "Sam", action: "viewed", subject_type, subject_id: String(i + 1), detail: null })))
      .execute();
    await db
      .insertInto("outbox_messages")
      .values([
        outboxRow("a", at, { related_type: "applicant", related_id: "1" }),
        outboxRow("c", at, { related_type: "contact", related_id: "2" }),
        outboxRow("q", at, { related_type: "quote", related_id: "link" }),
      ])
      .execute();

    const raw = db as unknown as Kysely<unknown>;
    await oneName.up(raw);
    const subjects = async () => (await db.selectFrom("audit_events").select(["subject_type", "subject_id"]).orderBy("id").execute()).map((r) => r.subject_type);
    const types = async () => (await db.selectFrom("outbox_messages").select("related_type").orderBy("id").execute()).map((r) => r.related_type);
    expect(await subjects()).toEqual(newSubjects);
    expect(await types()).toEqual([submissionKinds.joinus.name, submissionKinds.messages.name, "quote"]);

    await oneName.down(raw);
    expect(await subjects()).toEqual(oldSubjects);
    expect(await types()).toEqual(["applicant", "contact", "quote"]);
  });
});
