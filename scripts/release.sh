#!/bin/sh
# The site's release steps, in one place: what the Dockerfile's build stage runs,
# and what `scripts/release-check.mjs` runs on a clean copy of the project to
# prove them (`npm run test:release`, a CI step after `npm test`). From a checkout of the project:
#
#   1. install every package the lock file names (the build needs the dev tools),
#   2. build the site for production (build/),
#   3. remove the dev tools again, leaving a production install: what runs the site.
#
# Then `NODE_ENV=production SESSION_SECRET=… node scripts/start.mjs` serves it, and
# `npm run backup` / `npm run restore` work from the same files.
#
#   scripts/release.sh                  as above
#   scripts/release.sh --prefer-offline take packages from npm's cache when it has them
set -eu
cd "$(dirname "$0")/.."

npm_flags="--no-audit --no-fund"
for arg in "$@"; do
  case "$arg" in
    --prefer-offline) npm_flags="$npm_flags --prefer-offline" ;;
    *) echo "Unknown argument $arg (use --prefer-offline or nothing)" >&2; exit 2 ;;
  esac
done

# npm may write package-lock.json again (its own formatting, or entries for this platform) even when nothing in it
# changes: keep the original, so the build is not taken as older than its sources by `npm start` (build-freshness.mjs).
lock_copy="$(mktemp)"
trap 'rm -f "$lock_copy"' EXIT
cp -p package-lock.json "$lock_copy"

echo "==> Installing packages (with the build tools)"
# `npm install` follows package-lock.json exactly; `npm ci` would refuse the lock, which lists
# only the optional binaries of the platforms the project is built on (see .ci/run).
# shellcheck disable=SC2086
npm install $npm_flags

# The project's own Node (the `node` package), whatever Node runs npm.
node=node_modules/.bin/node
[ -x "$node" ] || node=node

echo "==> Building for production"
NODE_ENV=production "$node" node_modules/@react-router/dev/bin.cjs build

echo "==> Leaving only what runs the site"
# shellcheck disable=SC2086
npm prune --omit=dev $npm_flags
if ! cmp -s package-lock.json "$lock_copy"; then
  echo "npm rewrote package-lock.json while installing; the original is kept. Run npm install in your checkout and commit the lock file." >&2
fi
cp -p "$lock_copy" package-lock.json
test -f build/server/index.js
test ! -d node_modules/vite
echo "==> Release ready: build/ and a production node_modules"
