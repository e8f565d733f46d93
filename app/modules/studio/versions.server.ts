/**
 * A studio record's version, and the rule a save keeps with it (decision
 * record 0069). A record (a service, a level, a stylist, a post, an offer, a
 * news item) has as its version a short hash of its value as it is stored
 * now: every page and API call that reads or writes one answers it, and a
 * save may send back the version its editor opened. Changed since then, the
 * save is refused with the record as it stands (theirs) and nothing is
 * saved; the same, or no version sent, it goes ahead as before. Pure: the
 * callers plan on the files (or a news item read) inside the content's lock,
 * so no save slips in between the check and the write.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { valueAt, type Change, type Files } from "./changes";

/** Where a record lives in content/'s files: a list's item, a whole file (a post), a place in a map (a landing section); or several together (the school's address, phone and links). */
export type RecordPlace = Omit<Change, "before" | "after">;
export type RecordPlaces = RecordPlace | readonly RecordPlace[];

/**
 * The record's value as stored: undefined when there is no such item or
 * file (the save answers 404); a field or a place in a map that is not set
 * is a value of its own (null): a sentence still at its default, a sister
 * salon without booking links yet.
 */
export function recordAt(files: ReadonlyMap<string, string>, place: RecordPlaces): unknown {
  const one = (p: RecordPlace) => {
    const value = valueAt(files as Files, p);
    return value === undefined && (p.field !== undefined || p.path !== undefined) ? null : value;
  };
  return Array.isArray(place) ? (place as readonly RecordPlace[]).map(one) : one(place as RecordPlace);
}

/** The same data as the same text: keys sorted, unset (undefined) keys left out, so a file's key order or layout is no change. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** A record's version: the first 96 bits of the SHA-256 of its stored value, 16 characters of base64url. */
export function versionOf(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("base64url").slice(0, 16);
}

/** The version of the record at `place` now; undefined when there is no such record. */
export function versionAt(files: ReadonlyMap<string, string>, place: RecordPlaces): string | undefined {
  const value = recordAt(files, place);
  return value === undefined ? undefined : versionOf(value);
}

const VERSION_WORDS = "Send back the version the record had when you opened it, as the studio gave it (or leave it out)";

/** The `version` a save may carry: opaque text, as the studio gave it; missing (or blank, from a form) is none. */
export const versionSchema = z.preprocess(
  (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? v.trim() : v),
  z.string({ error: VERSION_WORDS }).max(100, VERSION_WORDS).optional(),
);

/** A form's hidden `version` box: the version, or undefined when it is missing, blank or not one (a form cannot send a wrong type). */
export function openedVersion(value: unknown): string | undefined {
  const parsed = versionSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A save refused because the record changed since its editor opened it: the record's version now, and the record (theirs). */
export interface Stale<R = unknown> {
  kind: "conflict";
  /** The record in words, as the refusal names it: "Roots Touch-up", "The post “Open evening”". */
  what: string;
  place?: RecordPlaces;
  version: string;
  theirs: R;
}

/**
 * The rule, on a record's value as it stands (`current`; undefined: none).
 * No version sent, or no such record (the save answers 404 as before): the
 * save goes ahead. The version sent is the current one: it goes ahead. Any
 * other: refused, with theirs.
 */
export function staleRecord<R>(current: unknown, opened: string | undefined, what: string, theirs: () => R): Stale<R> | null {
  if (opened === undefined || current === undefined) return null;
  const version = versionOf(current);
  return version === opened ? null : { kind: "conflict", what, version, theirs: theirs() };
}

/** The rule on a record of content/'s files, at `place`. */
export function staleSave<R>(files: ReadonlyMap<string, string>, place: RecordPlaces, opened: string | undefined, what: string, theirs: () => R): Stale<R> | null {
  const stale = staleRecord(recordAt(files, place), opened, what, theirs);
  return stale && { ...stale, place };
}

/** "by Sam at 14:05 (“Roots Touch-up £15 → £16”)": who changed it since, when the history knows. */
export interface ChangedBy {
  staff: string;
  at: string;
  summary: string;
}

/** The refusal's words: what changed, by whom when known, and that nothing was saved. */
export function staleWords(what: string, by: ChangedBy | undefined, when: (at: string) => string = (at) => at): string {
  const who = by ? ` by ${by.staff} at ${when(by.at)} (“${by.summary}”)` : "";
  return `${what} was changed${who} since you opened it, so nothing was saved.`;
}
