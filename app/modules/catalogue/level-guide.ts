/**
 * The levels explained to visitors (/prices/levels): each level's words from
 * content/levels.yaml and the salons where someone works at it, this site's
 * own salon first. Pure.
 */
import type { LevelRecord, SalonRecord, StylistRecord } from "./entities";

export function levelGuide(
  levels: readonly LevelRecord[],
  salons: readonly Pick<SalonRecord, "id" | "name">[],
  stylists: readonly Pick<StylistRecord, "level" | "salon">[],
  homeSalonId: number | undefined,
) {
  const ordered = [...salons].sort((a, b) => Number(b.id === homeSalonId) - Number(a.id === homeSalonId) || a.id - b.id);
  return levels.map((level) => ({
    id: level.id,
    name: level.name,
    description: level.description,
    // The salons with a stylist at this level, this site's own first; empty when nobody works at it just now.
    salons: ordered.filter((salon) => stylists.some((s) => s.level === level.id && s.salon === salon.id)).map((s) => s.name),
  }));
}
