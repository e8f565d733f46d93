/**
 * `npm run content -- <command>`: the site's content and content/'s files
 * (decision record 0040). The database holds the content the site shows;
 * these move it in and out of a folder in content/'s own layout.
 *
 *   export DIR   writes the content the site shows now into DIR (and copies
 *                CONTENT_DIR's pictures, and writes the uploaded photos under
 *                images/photos), ready to edit or to start a new site from
 *   import DIR   makes DIR's files the site's content, checked whole first; one
 *                entry of the studio's history, so it can be undone there
 *
 * Works on the database the server uses: PostgreSQL when DATABASE_URL is set,
 * otherwise the SQLite file in DATA_DIR. A running site shows an import on
 * its next request.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "~/.server/config.server";
import { migrateToLatest, openDatabase } from "~/.server/db/database.server";
import { seedContentFiles } from "~/modules/site/content-store.server";
import { exportContent, importContent } from "~/modules/studio/content-io.server";

const usage = `Usage:
  npm run content -- export DIR
  npm run content -- import DIR`;

const [command, dirArg] = process.argv.slice(2);
if ((command !== "export" && command !== "import") || !dirArg) {
  console.error(usage);
  process.exit(2);
}
const dir = path.resolve(dirArg);
const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath });
const where = config.databaseUrl ? `the PostgreSQL database at ${database.description.replace(/^postgres /, "")} (DATABASE_URL)` : `the SQLite database at ${config.sqlitePath}`;

try {
  await migrateToLatest(database.db);
  // A database that has never held content takes CONTENT_DIR's, as the site does at start.
  await seedContentFiles(database.db, database.engine, config.contentDir);
  if (command === "export") {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0 && path.resolve(dir) !== path.resolve(config.contentDir)) {
      console.error(`${dir} is not empty: export into a new folder, or into CONTENT_DIR itself (${config.contentDir}).`);
      process.exitCode = 1;
    } else {
      const count = await exportContent(database.db, dir, path.join(config.contentDir, "images"));
      console.log(`Wrote ${count} content files from ${where} to ${dir}.`);
    }
  } else {
    if (!fs.existsSync(dir)) throw new Error(`${dir} does not exist.`);
    const outcome = await importContent(database, { name: `${os.userInfo().username} (npm run content)` }, dir);
    if (outcome.kind === "done") console.log(`Imported into ${where}: ${outcome.entry.summary}. History entry ${outcome.entry.id}; undo it in the studio's history if need be.`);
    else if (outcome.kind === "unchanged") console.log(`Nothing to import: ${dir} says what ${where} holds already.`);
    else {
      console.error(`Nothing was imported. ${outcome.message}`);
      process.exitCode = 1;
    }
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
