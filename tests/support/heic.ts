/**
 * HEIC files for the photo tests, made from the real iPhone-style fixture
 * (tests/fixtures/photos/README.md): no tool of the project writes HEIC.
 */
import fs from "node:fs";
import path from "node:path";

/** 320 × 240, red on the left half, blue on the right, HEVC-coded. */
export const smallHeic = (): Buffer => fs.readFileSync(path.resolve("tests/fixtures/photos/red-and-blue-halves.heic"));

/**
 * The fixture with every size property (`ispe`: version and flags, width,
 * height) edited to claim `width` × `height`: the 23 KB "99.9 megapixel" file
 * a probe sends. Found by the box's type, as a hex editor would.
 */
export function heicClaiming(width: number, height: number, bytes = smallHeic()): Buffer {
  const edited = Buffer.from(bytes);
  let edits = 0;
  for (let at = edited.indexOf("ispe", 0, "latin1"); at >= 0; at = edited.indexOf("ispe", at + 4, "latin1")) {
    edited.writeUInt32BE(width, at + 8);
    edited.writeUInt32BE(height, at + 12);
    edits++;
  }
  if (edits === 0) throw new Error("the HEIC has no ispe box to edit");
  return edited;
}
