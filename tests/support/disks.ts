/**
 * Real disks that fail, for tests of a full disk and of storage that refuses
 * writes: a small tmpfs of its own, mounted in a fresh folder, and files made
 * immutable (chattr +i: the filesystem refuses every write to them, through
 * descriptors already open too). Both need root (the test machines run as
 * root); where refused, `canMountTinyDisk` / `canMakeImmutable` say so and the
 * tests that need them are skipped.
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
    unmount() {
      execFileSync("umount", ["-l", dir], { stdio: "ignore" });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function chattr(flag: "+i" | "-i", files: string[]): boolean {
  try {
    execFileSync("chattr", [flag, ...files], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Whether files in the system temp folder can be made immutable here (tried once, on a file of its own). */
export const canMakeImmutable: boolean = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-immutable-probe-"));
  const file = path.join(dir, "probe");
  fs.writeFileSync(file, "");
  const made = chattr("+i", [file]);
  if (made) chattr("-i", [file]);
  fs.rmSync(dir, { recursive: true, force: true });
  return made;
})();

/**
 * Makes `files` refuse every write (on) or take them again (off), as a disk
 * gone read-only under a running database would. Never a SQLite database's
 * -shm file: SQLite maps it into memory, and a refused write there is a crash.
 */
export function refuseWrites(files: string[], on: boolean): void {
  if (files.some((file) => file.endsWith("-shm"))) throw new Error("not the -shm file: SQLite maps it into memory");
  if (!chattr(on ? "+i" : "-i", files)) throw new Error(`chattr ${on ? "+i" : "-i"} failed on ${files.join(", ")}`);
}
