// `npm run restore -- FILE`: the database as it was in FILE, a backup made by
// `npm run backup`. Stop the site first (every instance): the restore refuses to
// run while the database is in use, refuses any other file, and signs everyone
// out. Start the site again afterwards; it brings an older schema up to date.
import { importServerBuild } from "./site-build.mjs";

const file = process.argv[2];
if (!file || process.argv.length > 3 || file.startsWith("-")) {
  console.error("Usage: npm run restore -- FILE   (stop the site first)");
  process.exit(2);
}
const { loadConfig, restoreDatabase, BackupError } = await importServerBuild();
try {
  const config = loadConfig();
  const summary = await restoreDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath }, file);
  console.log(
    `Restored the ${summary.engine === "sqlite" ? "SQLite" : "PostgreSQL"} database from ${summary.file} (schema ${summary.schemaVersion}). ` +
      "Everyone is signed out. Start the site again.",
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
