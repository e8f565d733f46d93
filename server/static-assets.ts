/**
 * The build's hashed files (/assets/…), served precompressed (decision record
 * 0020). A file's name changes with its content, so its brotli and gzip copies
 * are made once, on its first request (off the main thread, at the best
 * settings), kept in memory and sent as they are to every later request;
 * nothing is compressed per request. Fonts and pictures, compressed already,
 * go out as they are. Everything is cached by browsers for a year, immutable.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import express, { type RequestHandler } from "express";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text that compresses; anything else (woff2, png…) is sent as it is. */
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".map"]);
/** Build outputs are letters, digits, dashes, underscores and dots: nothing else is looked up. */
const ASSET_NAME = /^\/[\w.-]+$/;
const YEAR = "public, max-age=31536000, immutable";

export function staticAssets(assetsDir: string): RequestHandler {
  const plain = express.static(assetsDir, { immutable: true, maxAge: "1y", fallthrough: false });
  const made = new Map<string, Promise<{ br: Buffer; gzip: Buffer } | null>>();

  const variantsOf = (name: string) => {
    let variants = made.get(name);
    if (!variants) {
      variants = fs.promises
        .readFile(path.join(assetsDir, name))
        .then(async (bytes) => {
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzip(bytes, { level: 9 }),
          ]);
          return { br, gzip: gz };
        })
        .catch(() => {
          // No such file: forget it, so made-up names cannot fill the memory.
          made.delete(name);
          return null;
        });
      made.set(name, variants);
    }
    return variants;
  };

  return (req, res, next) => {
    const name = req.path;
    if ((req.method !== "GET" && req.method !== "HEAD") || !ASSET_NAME.test(name) || !COMPRESSIBLE.has(path.extname(name))) {
      return plain(req, res, next);
    }
    const encoding = req.acceptsEncodings("br", "gzip", "identity");
    if (encoding !== "br" && encoding !== "gzip") return plain(req, res, next);
    variantsOf(name.slice(1)).then((variants) => {
      // Missing (404 from the plain handler) or unreadable: the plain handler says so.
      if (!variants) return plain(req, res, next);
      const body = encoding === "br" ? variants.br : variants.gzip;
      res.type(path.extname(name));
      res.set({ "Cache-Control": YEAR, "Content-Encoding": encoding, "Content-Length": String(body.length), Vary: "Accept-Encoding" });
      res.status(200).end(req.method === "HEAD" ? undefined : body);
    }, next);
  };
}
