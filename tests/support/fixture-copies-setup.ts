/**
 * Before the integration tests: the fixture salon's picture copies made once, in the folder every test
 * server shares (fixture-pictures.ts). Each server makes the copies it finds missing when it starts;
 * on a fresh machine the first four, started at once, each made all of them (a third of the suite's CPU).
 */
import path from "node:path";
import { CopyMaker } from "../../app/modules/images/copies.server";
import { openPictureLibrary } from "../../app/modules/images/picture-library.server";
import { fixtureContentDir } from "./fixture";
import { fixturePictureCopiesDir } from "./fixture-pictures";

export default async function makeFixtureCopies() {
  const copies = await CopyMaker.open([fixturePictureCopiesDir]);
  const pictures = await openPictureLibrary({ photosDir: path.join(fixtureContentDir, "images"), copiesDir: fixturePictureCopiesDir, copies });
  await pictures.prepare();
  await copies.idle();
}
