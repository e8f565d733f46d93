import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-catalogue";
import * as m0003 from "./0003-quotes";

/**
 * Every migration, in order. Listed here rather than read from the folder at
 * run time so that the server bundle carries them and no file lookup can miss one.
 * Names sort in the order they run: never rename or edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-catalogue": m0001,
  // 0002 is the notifications outbox (another branch).
  "0003-quotes": m0003,
};
