import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { SalonSite } from "./entities";
import { imagePaths } from "./image-paths";

/** The group's three salons with their websites and logos, in id order. */
export async function listSalonSites(db: Kysely<Database>): Promise<SalonSite[]> {
  const rows = await db.selectFrom("salons").select(["id", "name", "website"]).orderBy("id").execute();
  return rows.map((r) => ({ ...r, logo: imagePaths.salonLogo(r.id) }));
}
