import type { Kysely } from "kysely";

// Passkeys (WebAuthn) for staff, the one-time challenges their ceremonies use,
// one-time sign-in links (`npm run staff -- reset NAME`), and new devices
// waiting for a manager to let them in (a short code shown on the device). Keys and link
// tokens: only what verifying needs (a public key; a SHA-256 of the token).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_passkeys")
    // The credential id, base64url, as the browser names it.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
    // COSE public key, base64url.
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull())
    // JSON array of transports (internal, hybrid, usb…), to offer the right ones back.
    .addColumn("transports", "text", (c) => c.notNull())
    // What the staff member called it ("Morgan's iPhone"), or the browser's description.
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("staff_passkeys_staff").on("staff_passkeys").column("staff_id").execute();

  await db.schema
    .createTable("staff_passkey_challenges")
    .addColumn("challenge", "text", (c) => c.primaryKey())
    // "register" (for a signed-in staff member) or "sign-in" (anyone).
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.references("staff_accounts.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_sign_in_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff_accounts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_device_approvals")
    // The code the new device shows, which a manager types in.
    .addColumn("code", "text", (c) => c.primaryKey())
    // SHA-256 of the waiting device's own cookie: only that browser can collect the sign-in.
    .addColumn("request_hash", "text", (c) => c.notNull().unique())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.references("staff_accounts.id").onDelete("cascade"))
    .addColumn("approved_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_device_approvals").execute();
  await db.schema.dropTable("staff_sign_in_links").execute();
  await db.schema.dropTable("staff_passkey_challenges").execute();
  await db.schema.dropTable("staff_passkeys").execute();
}
