/**
 * One-time sign-in links (`npm run staff -- reset NAME`): a way in for a
 * staff member whose devices were forgotten, while sign-in may be paused for
 * new devices under attack. A link is good once, for 15 minutes; the database
 * keeps only its token's hash. No PIN limit refuses it: it cannot be guessed
 * (256 random bits) and only someone at the server's console can make one.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { StaffIdentity } from "./accounts.server";
import { nameKey } from "./pin-rules";
import { hashSecretId, newSecretId } from "./secret-ids.server";
import { startSignedIn, type SignInDevice } from "./sign-in.server";
import { clearAccountCount } from "./sign-in-throttle.server";

export const SIGN_IN_LINK_MS = 15 * 60 * 1000;

/** The path of a sign-in link, to put after PUBLIC_URL. */
export const signInLinkPath = (token: string) => `/staff/link/${token}`;

/** A new link's token for `staff`, good once within 15 minutes. */
export async function createSignInLink(db: Kysely<Database>, staff: StaffIdentity, by: string, now = new Date()): Promise<string> {
  const token = newSecretId();
  await db
    .insertInto("staff_sign_in_links")
    .values({ token_hash: hashSecretId(token), staff_id: staff.id, created_at: now.toISOString(), expires_at: new Date(now.getTime() + SIGN_IN_LINK_MS).toISOString() })
    .execute();
  await recordAudit(db, { actor: by, action: "sign-in-link-made", subjectType: "staff", subjectId: staff.id, detail: `for ${staff.name}, 15 minutes` }, now);
  return token;
}

/** Whether `token` is a link still good (for the page that asks to confirm it), without using it. */
export async function signInLinkFor(db: Kysely<Database>, token: string, now = new Date()): Promise<StaffIdentity | null> {
  const row = await db
    .selectFrom("staff_sign_in_links as l")
    .innerJoin("staff_accounts as a", "a.id", "l.staff_id")
    .select(["a.id", "a.name"])
    .where("l.token_hash", "=", hashSecretId(token))
    .where("l.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ?? null;
}

export type LinkSignIn = { kind: "signed-in"; staff: StaffIdentity; sessionId: string; deviceId: string } | { kind: "refused" };

/** Uses the link: once only (the delete decides, so two clicks at once get in once), then a new session and the device remembered. */
export async function signInWithLink(db: Kysely<Database>, logger: Logger, token: string, browser: SignInDevice, now = new Date()): Promise<LinkSignIn> {
  const staff = await signInLinkFor(db, token, now);
  if (!staff) return { kind: "refused" };
  const used = await db.deleteFrom("staff_sign_in_links").where("token_hash", "=", hashSecretId(token)).where("expires_at", ">", now.toISOString()).executeTakeFirst();
  if (Number(used.numDeletedRows) !== 1) return { kind: "refused" };
  await clearAccountCount(db, nameKey(staff.name));
  return startSignedIn(db, logger, staff, browser, "one-time sign-in link", now);
}
