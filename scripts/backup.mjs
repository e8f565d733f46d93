// `npm run backup -- FILE`: a consistent copy of the site's database (SQLite at
// DATA_DIR, or PostgreSQL at DATABASE_URL) written to FILE while the site runs,
// and checked after writing. `npm run restore -- FILE` puts one back (restore.mjs).
// Exit status 0 when the backup is written and checked, 1 otherwise.
import { importServerBuild } from "./site-build.mjs";

const file = process.argv[2];
if (!file || process.argv.length > 3 || file.startsWith("-")) {
  console.error("Usage: npm run backup -- FILE   (for example: npm run backup -- /srv/backups/base-$(date +%F).backup)");
  process.exit(2);
}
const { loadConfig, backupDatabase, BackupError } = await importServerBuild();
try {
  const config = loadConfig();
  const started = performance.now();
  const summary = await backupDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath }, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up the ${summary.engine === "sqlite" ? "SQLite" : "PostgreSQL"} database to ${summary.file} ` +
      `(${(summary.bytes / 1024).toFixed(0)} KiB, schema ${summary.schemaVersion}, checked) in ${seconds} s.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
