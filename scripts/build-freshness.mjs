// Whether the production build is older than what it is made from, so that
// `npm start` never serves a stale build. content/ is not among the sources:
// the server reads and checks it at every start.
import fs from "node:fs";
import path from "node:path";

/** What the build is made from, relative to the project's root. */
export const buildSources = [
  "app",
  "server",
  "db",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

/** Tests sit beside the code but are not in the build. */
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/**
 * The first source file modified after `since` (milliseconds since the epoch),
 * relative to `root`, or undefined when none is. Only reads file times: a few
 * milliseconds for the whole project.
 */
export function changedSince(root, since, sources = buildSources) {
  for (const source of sources) {
    const full = path.join(root, source);
    if (!fs.existsSync(full)) continue;
    const stat = fs.statSync(full);
    if (!stat.isDirectory()) {
      if (stat.mtimeMs > since) return source;
      continue;
    }
    for (const entry of fs.readdirSync(full, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || isTest(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (fs.statSync(file).mtimeMs > since) return path.relative(root, file);
    }
  }
  return undefined;
}

/** Why the build at `serverBuild` must be made again, or undefined when it is up to date. */
export function rebuildReason(root, serverBuild) {
  if (!fs.existsSync(serverBuild)) return "No build found";
  const changed = changedSince(root, fs.statSync(serverBuild).mtimeMs);
  return changed ? `${changed} changed since the last build` : undefined;
}
