/**
 * "SIGKILL and a full disk leave .tmp orphans in the image caches" (issue 31).
 * A copy is written to a temporary file and renamed: a process killed between
 * the two leaves the temporary file, and a full disk leaves it half written.
 * Now a failed write removes its own, and a start removes what a process no
 * longer running left (another instance sharing the folder keeps its own).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writePrivateFileWhole } from "~/.server/private-files.server";
import { createTestDatabase, engines } from "../support/databases";
import { startTestServer } from "../support/test-server";
import { canMountTinyDisk, tinyDisk } from "../support/disks";

describe.each(engines)("finding: SIGKILL and a full disk leave .tmp orphans in the image caches (%s)", (engine) => {
  it("removes at start the .tmp files of processes no longer running, in every image cache, and keeps the rest", async () => {
    // A real process that ran and ended: its id is one no process has now.
    const ended = spawn(process.execPath, ["-e", ""]);
    const gone = ended.pid!;
    await once(ended, "exit");
    // One still running, as another instance sharing the folder would be.
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    const database = await createTestDatabase(engine, { migrated: true });
    try {
      const images = path.join(database.dataDir, "images");
      const dirs = [images, path.join(images, "copies"), path.join(images, "photos")];
      for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
      const orphans = dirs.flatMap((dir) => [
        path.join(dir, `0a1b2c.avif.${gone}.tmp`),
        // A server in a container restarts with the same id as before: its own id's leftovers are orphans too.
        path.join(dir, `3d4e5f-480.webp.${process.pid}.tmp`),
      ]);
      const kept = [
        path.join(images, "copies", `0a1b2c.webp.${other.pid}.tmp`),
        path.join(images, "copies", "0a1b2c.webp"),
        path.join(images, "photos", "7-480.jpg"),
      ];
      for (const file of [...orphans, ...kept]) fs.writeFileSync(file, "half a picture");

      // The copies in this site's own folder, not the fixture's shared one.
      const server = await startTestServer(engine, { PICTURE_COPIES_DIR: "" }, { database });
      try {
        for (const file of orphans) expect(fs.existsSync(file), file).toBe(false);
        for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      other.kill();
      await database.drop();
    }
  });
});

describe.skipIf(!canMountTinyDisk)("finding: a full disk leaves .tmp orphans in the image caches", () => {
  it("a copy that does not fit leaves no temporary file behind, and the copy it would replace stays whole", async () => {
    const disk = tinyDisk(256);
    try {
      const file = path.join(disk.dir, "0a1b2c.avif");
      await writePrivateFileWhole(file, Buffer.from("the copy before"));
      disk.fill(4096);
      await expect(writePrivateFileWhole(file, Buffer.alloc(64 * 1024, 1))).rejects.toMatchObject({ code: "ENOSPC" });
      expect(fs.readdirSync(disk.dir).sort()).toEqual(["0a1b2c.avif", "filler"]);
      expect(fs.readFileSync(file, "utf8")).toBe("the copy before");
    } finally {
      disk.unmount();
    }
  });
});
