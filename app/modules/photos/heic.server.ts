/**
 * A phone's HEIC photo, made into the JPEG the site keeps: sharp's own libvips
 * reads HEIF only with the AV1 codec (AVIF), not the HEVC an iPhone saves
 * with, so libheif compiled to WebAssembly (the heic-decode package) decodes
 * it. Decision 0042; issue 31 ("A 23 KB HEIC of 99.9 megapixels stops the whole
 * site for 4 s and the process keeps 1–2 GB it never gives back"):
 *
 * - the size the file declares is read from its header first (heic-size.ts),
 *   and a picture over HEIC_MAX_PIXELS is refused before anything is decoded;
 * - the decoding and the re-encoding run in a worker thread of their own, so
 *   the site answers meanwhile; one at a time (the machine's other core keeps
 *   serving), the rest waiting their turn;
 * - the worker ends with its job, and with it libheif's WebAssembly memory:
 *   the process gives back what the picture took. Only the finished JPEG
 *   comes back to the main thread.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { heicPixelCount } from "./heic-size";

export type HeicPrepared = { kind: "ready"; bytes: Buffer; width: number; height: number } | { kind: "unreadable" } | { kind: "too-many-pixels" };

/**
 * The worker, as CommonJS source (so it runs the same from the sources and from
 * the built server, which has no file of its own for it): decodes the first
 * (primary) picture, upright as the phone showed it, checks libheif's own idea
 * of its size too, and encodes it as the JPEG the site keeps.
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const job = workerData;
const decode = require(job.decoder);
const sharp = require(job.sharp);
async function prepare() {
  let images;
  try {
    images = await decode.all({ buffer: job.bytes });
  } catch {
    return { kind: "unreadable" };
  }
  try {
    const first = images[0];
    if (!first || !(first.width > 0) || !(first.height > 0)) return { kind: "unreadable" };
    if (first.width * first.height > job.maxPixels) return { kind: "too-many-pixels" };
    const { width, height, data } = await first.decode();
    const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const { data: bytes, info } = await sharp(pixels, { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .resize({ width: job.longestSide, height: job.longestSide, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { kind: "ready", bytes, width: info.width, height: info.height };
  } catch {
    return { kind: "unreadable" };
  } finally {
    images.dispose();
  }
}
prepare().then((result) => parentPort.postMessage(result), () => parentPort.postMessage({ kind: "unreadable" }));
`;

const require = createRequire(import.meta.url);

let turn: Promise<unknown> = Promise.resolve();

/** A HEIC photo as the JPEG the site keeps, at most `longestSide` a side; refused unread when its header claims more than `maxPixels`. */
export async function prepareHeicPhoto(bytes: Buffer, maxPixels: number, longestSide: number): Promise<HeicPrepared> {
  const declared = heicPixelCount(bytes);
  if (declared === undefined) return { kind: "unreadable" };
  if (declared > maxPixels) return { kind: "too-many-pixels" };
  // Run in a worker of its own (given the file, the limits, and where its two libraries are), after the one before has finished.
  const job = { bytes: new Uint8Array(bytes), maxPixels, longestSide, decoder: require.resolve("heic-decode"), sharp: require.resolve("sharp") };
  const start = () =>
    new Promise<HeicPrepared>((resolve) => {
      const worker = new Worker(workerSource, { eval: true, workerData: job });
      let answer: HeicPrepared = { kind: "unreadable" };
      worker.once("message", (message: HeicPrepared) => {
        answer = message.kind === "ready" ? { ...message, bytes: Buffer.from(message.bytes) } : message;
        void worker.terminate();
      });
      // A worker that fails, or runs out of memory, is a picture that could not be read.
      worker.once("error", () => {});
      worker.once("exit", () => resolve(answer));
    });
  const run = turn.then(start, start);
  turn = run;
  return run;
}
