import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { imagePaths } from "./image-paths";

export interface SalonSite {
  id: number;
  name: string;
  website: string;
  logo: string;
}

/** The group's three salons with their websites and logos, in id order. */
export async function listSalonSites(db: Kysely<Database>): Promise<SalonSite[]> {
  const rows = await db.selectFrom("salons").select(["id", "name", "website"]).orderBy("id").execute();
  return rows.map((r) => ({ ...r, logo: imagePaths.salonLogo(r.id) }));
}
