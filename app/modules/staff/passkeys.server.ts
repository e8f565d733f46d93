/**
 * Passkeys for staff (decision 0026): after signing in with the PIN, a staff
 * member adds a passkey on that phone or computer (Face ID, a fingerprint,
 * Windows Hello) and signs in with it from then on, with no PIN and no name.
 * The WebAuthn ceremonies are @simplewebauthn/server's; this module keeps the
 * credentials and the one-time challenges in the database, so every server
 * instance agrees and no challenge is good twice. A passkey sign-in is never
 * held back by the PIN limits: it cannot be guessed, and an outsider's
 * guesses must not lock the staff out.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { StaffIdentity } from "./accounts.server";
import { sessionsEnded } from "./sessions.server";
import { startSignedIn, type SignInDevice } from "./sign-in.server";
import { clearAccountCount } from "./sign-in-throttle.server";
import { nameKey } from "./pin-rules";
import { mayAct, type StaffRole } from "./roles";

/** Who the passkeys are for: the site's name and address (PUBLIC_URL). */
export interface RelyingParty {
  name: string;
  /** PUBLIC_URL's origin, e.g. https://basehair.example. */
  origin: string;
}

const CHALLENGE_MS = 5 * 60 * 1000;
export const PASSKEY_LABEL_MAX = 60;

const rpId = (rp: RelyingParty) => new URL(rp.origin).hostname;
const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

async function keepChallenge(db: Kysely<Database>, challenge: string, purpose: "register" | "sign-in", staffId: number | null, now: Date) {
  // Clear away ones that ran out, now and then.
  if (Math.random() < 0.05) await db.deleteFrom("staff_passkey_challenges").where("expires_at", "<", now.toISOString()).execute();
  await db
    .insertInto("staff_passkey_challenges")
    .values({ challenge, purpose, staff_id: staffId, expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString() })
    .execute();
}

/** The challenge the browser signed, taken from its client data. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Uses up the challenge the browser signed: it, only once and only while it is fresh, for its purpose (and person); else null. */
async function spendChallenge(db: Kysely<Database>, signed: { response?: { clientDataJSON?: string } }, purpose: "register" | "sign-in", staffId: number | null, now: Date) {
  const challenge = challengeOf(signed.response?.clientDataJSON ?? "");
  if (!challenge) return null;
  let query = db.deleteFrom("staff_passkey_challenges").where("challenge", "=", challenge).where("purpose", "=", purpose).where("expires_at", ">", now.toISOString());
  query = staffId === null ? query : query.where("staff_id", "=", staffId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? challenge : null;
}

/** What either answer is checked against: the challenge, this site, and the person's own verification (Face ID, a PIN). */
const expected = (rp: RelyingParty, challenge: string) => ({ expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rpId(rp), requireUserVerification: true });

export async function passkeyRegistrationOptions(
  db: Kysely<Database>,
  rp: RelyingParty,
  staff: StaffIdentity,
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom("staff_passkeys").select(["id", "transports"]).where("staff_id", "=", staff.id).execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rpId(rp),
    userName: staff.name,
    userDisplayName: staff.name,
    // A stable, meaningless handle: the account's number, never the name.
    userID: new TextEncoder().encode(`staff-${staff.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
    // A discoverable credential, so signing in needs neither name nor PIN.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(db, options.challenge, "register", staff.id, now);
  return options;
}

/** `taken`: the device offered a passkey the site already keeps, for this account or another (409). */
export type PasskeyAdded = { kind: "added"; id: string } | { kind: "refused"; reason: string } | { kind: "taken"; reason: string };

export const PASSKEY_TAKEN = "This device's passkey is already added to a staff account, so it was not added again. Use it to sign in, or remove it there first.";

export async function addPasskey(
  db: Kysely<Database>,
  rp: RelyingParty,
  staff: StaffIdentity,
  response: RegistrationResponseJSON,
  label: string,
  now = new Date(),
): Promise<PasskeyAdded> {
  const challenge = await spendChallenge(db, response, "register", staff.id, now);
  if (!challenge) return { kind: "refused", reason: "That took too long or was already used. Please try again." };
  const verified = await verifyRegistrationResponse({ response, ...expected(rp, challenge) }).catch(() => null);
  if (!verified?.verified) return { kind: "refused", reason: "This device's answer could not be checked. Please try again." };
  const { credential } = verified.registrationInfo;
  const at = now.toISOString();
  const name = label.trim().slice(0, PASSKEY_LABEL_MAX) || "Passkey";
  // A credential id is one passkey's, kept once: one another account (or this one) already holds is refused, never a 500.
  const inserted = await db
    .insertInto("staff_passkeys")
    .values({
      id: credential.id,
      staff_id: staff.id,
      public_key: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      label: name,
      created_at: at,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { kind: "taken", reason: PASSKEY_TAKEN };
  await recordAudit(db, { actor: staff.name, action: "passkey-added", subjectType: "staff", subjectId: staff.id, detail: name }, now);
  return { kind: "added", id: credential.id };
}

export async function passkeySignInOptions(db: Kysely<Database>, rp: RelyingParty, now = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rpId(rp), userVerification: "required" });
  await keepChallenge(db, options.challenge, "sign-in", null, now);
  return options;
}

export type PasskeySignIn =
  | { kind: "signed-in"; staff: StaffIdentity; sessionId: string; deviceId: string }
  | { kind: "refused"; reason: string };

/** Signs in with a passkey's answer: a new session, the device remembered, the account's run of wrong PINs ended. */
export async function signInWithPasskey(
  db: Kysely<Database>,
  logger: Logger,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  browser: SignInDevice,
  now = new Date(),
): Promise<PasskeySignIn> {
  const refused = { kind: "refused", reason: "That passkey could not be used here. Please sign in with your name and PIN." } as const;
  const challenge = await spendChallenge(db, response, "sign-in", null, now);
  if (!challenge) return refused;
  const passkey = await db
    .selectFrom("staff_passkeys as p")
    .innerJoin("staff_accounts as a", "a.id", "p.staff_id")
    .select(["p.id", "p.public_key", "p.counter", "p.transports", "p.label", "a.id as staff_id", "a.name"])
    .where("p.id", "=", String(response.id))
    .executeTakeFirst();
  if (!passkey) return refused;
  // The stored passkey read inside the promise too: anything that cannot be checked is refused alike.
  const verified = await Promise.resolve()
    .then(() =>
      verifyAuthenticationResponse({
        response,
        ...expected(rp, challenge),
        credential: { id: passkey.id, publicKey: fromBase64Url(passkey.public_key), counter: passkey.counter, transports: JSON.parse(passkey.transports) as AuthenticatorTransport[] },
      }),
    )
    .catch(() => null);
  if (!verified?.verified) return refused;
  await db
    .updateTable("staff_passkeys")
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where("id", "=", passkey.id)
    .execute();
  await clearAccountCount(db, nameKey(passkey.name));
  return startSignedIn(db, logger, { id: passkey.staff_id, name: passkey.name }, browser, `passkey "${passkey.label}"`, now, passkey.id);
}

/** The passkeys `viewer` may see, by person then newest: a manager everyone's, anyone else their own. */
export async function passkeysSeenBy(db: Kysely<Database>, viewer: { id: number; role: StaffRole }) {
  const rows = await db
    .selectFrom("staff_passkeys as p")
    .innerJoin("staff_accounts as a", "a.id", "p.staff_id")
    .select(["p.id", "p.staff_id", "a.name", "p.label", "p.created_at", "p.last_used_at"])
    .orderBy("a.name_key")
    .orderBy("p.created_at", "desc")
    .$if(!mayAct(viewer.role, "manager"), (query) => query.where("p.staff_id", "=", viewer.id))
    .execute();
  return rows.map((r) => ({ id: r.id, staffId: r.staff_id, staffName: r.name, label: r.label, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

export const NOT_YOUR_PASSKEY = "Only a manager can remove someone else's passkey.";

/** Removes a passkey: anyone their own, a manager anyone's; "not-found" when there is no such passkey. */
export async function removePasskey(
  db: Kysely<Database>,
  by: StaffIdentity & { role: StaffRole },
  id: string,
  now = new Date(),
): Promise<{ kind: "removed" } | { kind: "not-yours"; reason: string } | { kind: "not-found" }> {
  const passkey = await db
    .selectFrom("staff_passkeys as p")
    .innerJoin("staff_accounts as a", "a.id", "p.staff_id")
    .select(["p.id", "p.label", "a.id as staff_id", "a.name"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (passkey?.staff_id !== by.id && !mayAct(by.role, "manager")) return { kind: "not-yours", reason: NOT_YOUR_PASSKEY };
  if (!passkey) return { kind: "not-found" };
  // The sessions it made end with it (ASVS 7.4.5): whoever holds one signed in with this key alone.
  const ended = await db.transaction().execute(async (trx) => {
    const sessions = await trx.deleteFrom("staff_sessions").where("passkey_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("staff_passkeys").where("id", "=", id).execute();
    return Number(sessions.numDeletedRows);
  });
  const removed = { actor: by.name, action: "passkey-removed", subjectType: "staff", subjectId: passkey.staff_id, detail: `${passkey.name}'s "${passkey.label}"` };
  await recordAudit(db, [removed, ...sessionsEnded(by.name, passkey.staff_id, ended, `made with the passkey "${passkey.label}"`)], now);
  return { kind: "removed" };
}
