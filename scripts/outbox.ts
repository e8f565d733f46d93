/**
 * `npm run outbox`: what the outbox holds: counts by channel and status, then
 * the messages that are waiting, failed or were suppressed, with their last error.
 * Shows no recipients or message bodies.
 */
import { loadConfig } from "~/.server/config.server";
import { migrateToLatest, openDatabase } from "~/.server/db/database.server";
import { summarise } from "~/.server/outbox/outbox.server";

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath });
try {
  await migrateToLatest(database.db);
  const { counts, attention } = await summarise(database.db, Number(process.argv[2] ?? 20));
  console.log(`Outbox (${database.description})\n`);
  if (counts.length === 0) console.log("No messages yet.");
  else console.table(counts);
  if (attention.length > 0) {
    console.log("\nNeeding attention (newest first):");
    console.table(
      attention.map((m) => ({
        id: m.id.slice(0, 8),
        channel: m.channel,
        template: m.template,
        status: m.status,
        attempts: m.attempts,
        next: m.status === "pending" ? m.next_attempt_at : "",
        error: (m.last_error ?? "").slice(0, 80),
      })),
    );
  }
} finally {
  await database.close();
}
