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
