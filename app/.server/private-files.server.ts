/**
 * Files that hold people's details (the SQLite database and its WAL and SHM,
 * emails and texts kept on disk, the picture cache) are readable by the
 * server's own user only: folders 0700, files 0600, set at creation and
 * tightened at start if an older version left them open (decision record 0018).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and any missing parents) private, and makes an existing one private. */
export function ensurePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fsp.chmod(dir, PRIVATE_DIR_MODE);
}

/** Writes a file only its owner may read. */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  await fsp.writeFile(file, data, { mode: PRIVATE_FILE_MODE });
}

/** Creates `file` empty and private if it is missing; makes it private if it exists. */
export function ensurePrivateFileSync(file: string): void {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Writes `file` whole or not at all: a private temporary file beside it, then
 * renamed over it, so a reader never sees half a file. A write that fails (a
 * full disk) removes its temporary file; one cut short by SIGKILL leaves it
 * for `removeOrphanedTemporaries` at the next start.
 */
export async function writePrivateFileWhole(file: string, data: Uint8Array): Promise<void> {
  // Beside `file`, with the process's id in its name, so a later start can tell whose it was.
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writePrivateFile(temporary, data);
    await fsp.rename(temporary, file);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}

/** Whether the process `pid` runs now (another instance sharing the folder may still be writing its file). */
function running(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temporary files `writePrivateFileWhole` left in `dir` (issue 31:
 * "SIGKILL and a full disk leave .tmp orphans in the image caches"): those of
 * a process no longer running, or of this process's id (a container's server
 * restarts with the same one). Returns how many were removed.
 */
export async function removeOrphanedTemporaries(dir: string): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => null);
  if (!names) return 0;
  let removed = 0;
  for (const name of names) {
    const match = /\.(\d+)\.tmp$/.exec(name);
    if (!match || running(Number(match[1]))) continue;
    await fsp.rm(`${dir}/${name}`, { force: true });
    removed++;
  }
  return removed;
}
