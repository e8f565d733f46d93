/**
 * The fixture salon every test runs against (tests/fixtures/content/): small,
 * and unlike the sample salon the site ships with in content/, which a real
 * salon replaces. Tests read values from here, never from content/; the people,
 * salons and services they need are named by their role below, once.
 *
 * Only tests/integration/shipped-content.test.ts reads content/.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadContent } from "../../app/modules/site/load-content.server";
import { fixturePictureCopiesDir } from "./fixture-pictures";

export const fixtureContentDir = fileURLToPath(new URL("../fixtures/content/", import.meta.url));

/** The fixture salon, read and checked by the same loader the site uses at start. */
export const fixture = loadContent(fixtureContentDir);

/**
 * A copy of the fixture salon's content in a folder of its own, for the test to remove, with each edit made:
 * in a file, the first match of `from` replaced by `to`. A `from` the file no longer holds fails at once.
 */
export function fixtureCopy(...edits: [file: string, from: string | RegExp, to: string][]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-content-"));
  fs.cpSync(fixtureContentDir, dir, { recursive: true });
  for (const [name, from, to] of edits) {
    const file = path.join(dir, name);
    const text = fs.readFileSync(file, "utf8");
    if (typeof from === "string" ? !text.includes(from) : !from.test(text)) throw new Error(`The fixture's ${name} no longer holds ${String(from)}`);
    fs.writeFileSync(file, text.replace(from, to));
  }
  return dir;
}

function stylist(slug: string) {
  const found = fixture.stylists.find((s) => s.slug === slug);
  if (!found) throw new Error(`tests/fixtures/content/stylists.yaml has no stylist "${slug}"`);
  return { ...found, name: `${found.first_name} ${found.last_name}` };
}

function service(id: number) {
  const found = fixture.services.find((s) => s.id === id);
  if (!found) throw new Error(`tests/fixtures/content/services.yaml has no service ${id}`);
  return found;
}

function salon(id: number) {
  const found = fixture.salons.find((s) => s.id === id);
  if (!found) throw new Error(`tests/fixtures/content/salons.yaml has no salon ${id}`);
  return found;
}

export function level(id: number) {
  const found = fixture.levels.find((l) => l.id === id);
  if (!found) throw new Error(`tests/fixtures/content/levels.yaml has no level ${id}`);
  return found;
}

export const salons = {
  /** Salon 1, a sister salon. */
  other: salon(1),
  /** Salon 2, another sister salon (the spec's default for the calculator; ours starts at the school, decision 0017). */
  sister: salon(2),
  /** Salon 3, the training salon this site is for. */
  school: salon(3),
};

export const people = {
  /** The school's Graduate (level 4), with an offer of her own. */
  lead: stylist("rosa"),
  /** An Improver (level 3) at the school who is not taking new clients. */
  notTaking: stylist("idris"),
  /** An Improver (level 3) at the school who is. */
  improver: stylist("lowri"),
  /** The school's New Starter (level 1). */
  newStarter: stylist("cai"),
  /** A Stylist (level 5) at the default salon. */
  atDefaultSalon: stylist("tomasz"),
  /** A Stylist (level 5) at the other sister salon. */
  elsewhere: stylist("odette"),
};

/** The school's team, in team-page order. */
export const schoolTeam = fixture.stylists.filter((s) => s.salon === salons.school.id);

export const services = {
  cut: service(1),
  blowDry: service(2),
  /** The first classic colour: the calculator's "Roots". */
  roots: service(3),
  /** The second classic colour: "Roots & Refresh". */
  rootsRefresh: service(4),
  fullHead: service(5),
  halfFoils: service(6),
  balayage: service(7),
  bleach: service(8),
  vivids: service(9),
  /** A foils colour New Starters may not do, by id (spec section 5). */
  fullFoils: service(10),
  correction: service(11),
  foilsToner: service(12),
  bleachToner: service(13),
  /** A full head colour New Starters may not do, by id (spec section 5). */
  rootMelt: service(14),
  gloss: service(15),
  waves: service(16),
  upDo: service(17),
  /** Bond-building ("plex"): flat price. */
  plex: service(18),
  /** The intensive treatment: flat price. */
  conditioning: service(19),
  mensCut: service(20),
  mensColour: service(21),
  /** Priced at 0, so never listed. */
  unlisted: service(22),
};

export const topLevel = fixture.levels.reduce((top, l) => (l.id > top.id ? l : top));

/** The offer tied to a stylist, and the one with welcome-back wording at /sms/{slug}. */
export const offers = {
  ofStylist: fixture.copy.offers.offers.find((o) => o.stylist === people.lead.slug)!,
  withSms: fixture.copy.offers.offers.find((o) => o.sms)!,
};

/** A first-visit cut with the lead stylist's level at the lead's salon: a choice the calculator offers. */
export const leadLevelCut = {
  salon_id: people.lead.salon,
  regular: false,
  selector: "Level",
  level_id: people.lead.level,
  service_ids: [services.cut.id],
};

/** Settings the tests pass to loadConfig, so the app reads the fixture salon. */
export const fixtureEnv = {
  CONTENT_DIR: fixtureContentDir,
  FORM_MIN_FILL_MS: "0",
  PICTURE_COPIES_DIR: fixturePictureCopiesDir,
} as const;
