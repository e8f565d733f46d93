/**
 * A real small filesystem for tests of a full or read-only disk: a tmpfs of
 * its own, mounted in a fresh folder. Mounting needs root (the test machines
 * run as root); where it is refused, `tinyDisk` is undefined and the tests
 * that need one are skipped, saying so.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TinyDisk {
  dir: string;
  /** Fills the disk with one file until fewer than `leaveBytes` are free (a full disk: leave 0). */
  fill(leaveBytes: number): void;
  /** Frees what `fill` took. */
  empty(): void;
  /** Mounted read-only, or writable again. */
  readOnly(on: boolean): void;
  unmount(): void;
}

function mount(dir: string, sizeKb: number): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeKb}k,mode=0700`, "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Whether this machine lets the tests mount a tmpfs (tried once, on a folder of its own). */
export const canMountTinyDisk: boolean = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-tiny-probe-"));
  const mounted = mount(dir, 64);
  if (mounted) execFileSync("umount", [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
  return mounted;
})();

export function tinyDisk(sizeKb: number): TinyDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-tiny-disk-"));
  if (!mount(dir, sizeKb)) throw new Error("a tmpfs could not be mounted: run as root, or skip with canMountTinyDisk");
  const filler = path.join(dir, "filler");
  return {
    dir,
    fill(leaveBytes) {
      const { bavail, bsize } = fs.statfsSync(dir);
      const free = bavail * bsize;
      const existing = fs.existsSync(filler) ? fs.statSync(filler).size : 0;
      // tmpfs counts whole pages: a page more than asked, so what is left is under leaveBytes; past the end, as much as fits.
      try {
        fs.writeFileSync(filler, Buffer.alloc(Math.max(0, existing + free - leaveBytes + bsize)), { flag: "w" });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    },
    empty() {
      fs.rmSync(filler, { force: true });
    },
    readOnly(on) {
      execFileSync("mount", ["-o", `remount,${on ? "ro" : "rw"}`, dir], { stdio: "ignore" });
    },
    unmount() {
      execFileSync("umount", ["-l", dir], { stdio: "ignore" });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
