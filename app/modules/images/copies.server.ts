/**
 * The one place picture copies are made (decision record 0057): the AVIF,
 * WebP, JPEG and PNG copies at the site's widths of content pictures
 * (picture-library.server.ts) and of uploaded photos (server/photos.ts) alike.
 * Copies are made ahead, when a picture arrives (start, upload, import), at
 * most COPIES_AT_ONCE at a time in the background, and kept on disk, written
 * beside and renamed so a reader never sees half a file. A request for a copy
 * not made yet waits for it, moved to the front of the line: never a 503.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import type { Sharp } from "sharp";
import { ensurePrivateDir, removeOrphanedTemporaries, writePrivateFileWhole } from "~/.server/private-files.server";
import { offeredWidths } from "./picture-data";
import { rasterWidths, type RasterFormat } from "./variants";

/** The copies' encoder settings: small files that still look like photographs. */
export const encoders: Record<RasterFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
  jpg: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }),
  png: (image) => image.png(),
};

export const contentTypes: Record<RasterFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

/** The formats pages name (<source> AVIF and WebP, the <img>'s JPEG): the ones made ahead. */
export const pageFormats = ["avif", "webp", "jpg"] as const satisfies readonly RasterFormat[];

/** The copies pages name of a picture `width` pixels wide: each width <Picture> offers (none wider than it), in each of the page formats. */
export const pageCopies = <T>(width: number, copy: (width: number, format: (typeof pageFormats)[number]) => T): T[] =>
  offeredWidths({ width }, rasterWidths).flatMap((w) => pageFormats.map((format) => copy(w, format)));

/** Copies made at once: sharp gives each its own threads, and a request needs a core too. */
export const COPIES_AT_ONCE = 2;

/** One copy: its file (absolute) and how to make its bytes; undefined when its picture is gone. */
export interface CopyJob {
  file: string;
  make: () => Promise<Buffer | undefined>;
}

interface Pending {
  job: CopyJob;
  done: Promise<Buffer | undefined>;
  settle: (result: Promise<Buffer | undefined>) => void;
}

export class CopyMaker {
  /** Counted for the tests and the log: copies made, making now, and the most at once. */
  readonly stats = { made: 0, active: 0, peak: 0 };
  private readonly line: Pending[] = [];
  private readonly pending = new Map<string, Pending>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  /** How many copies wait to be made. */
  get waiting(): number {
    return this.line.length;
  }

  /** Makes the folders (private to the server) and removes what a process killed half way through a write, or a full disk, left there. */
  static async open(dirs: readonly string[]): Promise<CopyMaker> {
    for (const dir of dirs) {
      await ensurePrivateDir(dir);
      await removeOrphanedTemporaries(dir);
    }
    return new CopyMaker();
  }

  /** A copy: from disk, or made now, ahead of the copies made in the background; once, however many ask at the same moment. */
  async get(job: CopyJob): Promise<Buffer | undefined> {
    const pending = this.pending.get(job.file);
    if (pending) {
      const at = this.line.indexOf(pending);
      if (at > 0) this.line.unshift(...this.line.splice(at, 1));
      return pending.done;
    }
    try {
      return await fsp.readFile(job.file);
    } catch {
      return this.enqueue(job, "front").done;
    }
  }

  /** Queues the copies not on disk yet, behind those already waiting. Settles once they are queued, not made. */
  async prepare(jobs: readonly CopyJob[]): Promise<void> {
    const onDisk = new Map<string, Set<string>>();
    for (const job of jobs) {
      const dir = path.dirname(job.file);
      if (!onDisk.has(dir)) onDisk.set(dir, new Set(await fsp.readdir(dir).catch(() => [])));
      if (!onDisk.get(dir)!.has(path.basename(job.file)) && !this.pending.has(job.file)) this.enqueue(job, "back");
    }
  }

  /** Settles once every copy asked for so far is made (the tests, and the start's measure). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.values()].map((p) => p.done));
  }

  /** Drops the line and waits for the copies being made (before their folder or the process goes). */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.line.splice(0)) {
      this.pending.delete(pending.job.file);
      pending.settle(Promise.reject(new Error("the server is stopping")));
    }
    await Promise.allSettled([...this.running]);
  }

  private enqueue(job: CopyJob, where: "front" | "back"): Pending {
    const { promise: done, resolve: settle } = Promise.withResolvers<Buffer | undefined>();
    // Nobody may be waiting for a copy made in the background: its failure is the asker's, when there is one.
    done.catch(() => {});
    const pending: Pending = { job, done, settle };
    this.pending.set(job.file, pending);
    if (this.closed) pending.settle(Promise.reject(new Error("the server is stopping")));
    else if (where === "front") this.line.unshift(pending);
    else this.line.push(pending);
    this.pump();
    return pending;
  }

  private pump(): void {
    while (this.stats.active < COPIES_AT_ONCE && this.line.length > 0) {
      const pending = this.line.shift()!;
      this.stats.active++;
      this.stats.peak = Math.max(this.stats.peak, this.stats.active);
      const work = this.make(pending.job);
      pending.settle(work);
      const running = work
        .catch(() => {})
        .finally(() => {
          this.running.delete(running);
          this.pending.delete(pending.job.file);
          this.stats.active--;
          this.pump();
        });
      this.running.add(running);
    }
  }

  private async make(job: CopyJob): Promise<Buffer | undefined> {
    // Another instance sharing the folder may have made it meanwhile.
    const made = await fsp.readFile(job.file).catch(() => undefined);
    if (made) return made;
    const bytes = await job.make();
    if (!bytes) return undefined;
    this.stats.made++;
    await writePrivateFileWhole(job.file, bytes);
    return bytes;
  }
}
