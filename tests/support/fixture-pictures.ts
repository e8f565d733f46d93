import os from "node:os";
import path from "node:path";

/**
 * The fixture salon's picture copies, kept in one folder for every test server on this machine (the
 * integration tests', the browser tests' run server and the servers a browser test starts of its own):
 * made once, not at each of their many starts (decision record 0057). The copies are named by what
 * the photograph holds, so servers of other content share it safely.
 */
export const fixturePictureCopiesDir = path.join(os.tmpdir(), "base-hair-academy-fixture-picture-copies");
