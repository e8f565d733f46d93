import { createHash, randomBytes } from "node:crypto";

/** A new unguessable id (256 random bits) for a session or a device cookie. */
export function newSecretId(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a secret id: whoever reads the table cannot use it as a cookie. */
export function hashSecretId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}
