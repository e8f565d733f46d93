/**
 * A studio change, as the history keeps it: each place it altered in
 * content/'s files, with what was there before and after. The same record
 * applies the change, undoes it (after → before), and tells which later
 * change stands in the way of an undo (one that altered the same place).
 * The files are edited through the YAML library's document model, so their
 * comments and layout stay as the salon or a developer wrote them.
 */
import YAML, { isCollection, isMap, isScalar, isSeq, type Document, type YAMLMap, type YAMLSeq } from "yaml";
import { yaml } from "~/modules/site/yaml-data";

/** An item of a list in a YAML file: the list's path inside the file ([] for the whole file) and the item's key. */
export interface ItemRef {
  list: (string | number)[];
  key: "id" | "slug";
  value: number | string;
}

/**
 * One place altered. Without `item`, the whole file (its text; absent: no
 * such file); with `item` and no `field`, the whole item (absent: no such
 * item); with both, one field of the item (absent: not set).
 */
export interface Change {
  file: string;
  item?: ItemRef;
  /** A place in a file that is a map, by its keys (site-copy.yaml's words, settings.yaml's address); absent: not set. */
  path?: (string | number)[];
  field?: string;
  before?: unknown;
  after?: unknown;
}

export type Files = Map<string, string>;

/** A planned change: what it is about, in words, and the places it alters. */
export interface Planned {
  what: string;
  summary: string;
  changes: Change[];
}

/** Why a change cannot be made: the place it names (404), a field at fault (400). */
export type Refusal = { kind: "not-found"; message: string } | { kind: "invalid"; message: string; fields?: Record<string, string> };


const STRINGIFY = { lineWidth: 0 } as const;

function textOf(files: ReadonlyMap<string, string>, file: string): string {
  const text = files.get(file);
  if (text === undefined) throw new Error(`content/${file} is missing`);
  return text;
}

/** A file's document, to change. */
const documentOf = (files: Files, file: string): Document => YAML.parseDocument(textOf(files, file));

/** A file's data as plain values, the caller's own to change; `empty` when there is no such file or it is empty. */
export function dataOf<T>(files: ReadonlyMap<string, string>, file: string, empty: T): T {
  if (!files.has(file)) return empty;
  return structuredClone(yaml(textOf(files, file)) as T | null) ?? empty;
}

/** What a file holds at `path`, read and never changed (undefined: nothing there). */
function readAt(files: ReadonlyMap<string, string>, file: string, path: (string | number)[]): unknown {
  let at: unknown = yaml(textOf(files, file));
  for (const key of path) at = at && typeof at === "object" ? (at as Record<string | number, unknown>)[key] : undefined;
  return at;
}

function listOf(doc: Document, ref: ItemRef): YAMLSeq {
  const node = ref.list.length === 0 ? doc.contents : doc.getIn(ref.list, true);
  if (!isSeq(node)) throw new Error(`${ref.list.join(".") || "the file"} is not a list`);
  return node;
}

function itemIndex(list: YAMLSeq, ref: ItemRef): number {
  return list.items.findIndex((node) => isMap(node) && (node as YAMLMap).get(ref.key) === ref.value);
}

/** What is at a change's place now (undefined: nothing), the caller's own to change. */
export function valueAt(files: ReadonlyMap<string, string>, place: Omit<Change, "before" | "after">): unknown {
  if (!place.path && !place.item) return files.get(place.file);
  if (!files.has(place.file)) return undefined;
  if (place.path) return structuredClone(readAt(files, place.file, place.path));
  const ref = place.item!;
  const list = readAt(files, place.file, ref.list);
  if (!Array.isArray(list)) throw new Error(`${ref.list.join(".") || "the file"} is not a list`);
  const item = list.find((entry: unknown) => entry !== null && typeof entry === "object" && (entry as Record<string, unknown>)[ref.key] === ref.value) as Record<string, unknown> | undefined;
  return structuredClone(item && place.field ? item[place.field] : item);
}

/** Puts `value` at a change's place (undefined: takes away what is there). */
export function putValue(files: Files, place: Omit<Change, "before" | "after">, value: unknown): void {
  if (place.path) {
    const doc = documentOf(files, place.file);
    if (value === undefined) doc.deleteIn(place.path);
    else {
      // Written as what it replaces was: a day's hours on one line stay on one line, a quoted phone number quoted.
      const was: unknown = doc.getIn(place.path, true);
      const node = doc.createNode(value, { flow: isCollection(was) && Boolean(was.flow) });
      if (isScalar(was) && isScalar(node) && typeof node.value === "string") node.type = was.type;
      // A time is quoted, as people write it, so no YAML 1.1 reader takes 09:00 for a number.
      YAML.visit(node, { Scalar: (_key, scalar) => void (typeof scalar.value === "string" && /^\d{1,2}:\d{2}$/.test(scalar.value) && (scalar.type = "QUOTE_DOUBLE")) });
      doc.setIn(place.path, node);
    }
    files.set(place.file, doc.toString(STRINGIFY));
    return;
  }
  if (!place.item) {
    if (value === undefined) files.delete(place.file);
    else files.set(place.file, String(value));
    return;
  }
  const doc = documentOf(files, place.file);
  const list = listOf(doc, place.item);
  const index = itemIndex(list, place.item);
  if (place.field) {
    if (index < 0) throw new Error(`${place.item.key} ${String(place.item.value)} is not in content/${place.file}`);
    const item = list.items[index] as YAMLMap;
    if (value === undefined) item.delete(place.field);
    else item.set(place.field, value);
  } else if (value === undefined) {
    if (index >= 0) list.items.splice(index, 1);
  } else {
    // A new item is written like the list's others: on one line where they are.
    const flow = list.items.length > 0 && isMap(list.items[0]) && Boolean((list.items[0] as YAMLMap).flow);
    const node = doc.createNode(value, { flow });
    if (index >= 0) list.items[index] = node;
    else list.items.push(node);
  }
  files.set(place.file, doc.toString(STRINGIFY));
}

/** Applies changes forwards (before → after) or backwards (after → before), on a copy of the files. */
export function applyChanges(files: ReadonlyMap<string, string>, changes: Change[], direction: "forward" | "backward" = "forward"): Files {
  const next = new Map(files);
  const ordered = direction === "forward" ? changes : [...changes].reverse();
  for (const change of ordered) putValue(next, change, direction === "forward" ? change.after : change.before);
  return next;
}

/** Two values that are the same data (objects compared by their keys, in any order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Whether two changes altered the same place (a whole file or item covers each field in it). */
export function overlaps(a: Change, b: Change): boolean {
  if (a.file !== b.file) return false;
  if (a.path || b.path) {
    if (!a.path || !b.path) return !a.item && !b.item;
    const common = Math.min(a.path.length, b.path.length);
    return a.path.slice(0, common).every((key, i) => key === b.path![i]);
  }
  if (!a.item || !b.item) return true;
  if (a.item.key !== b.item.key || a.item.value !== b.item.value || a.item.list.join(".") !== b.item.list.join(".")) return false;
  return !a.field || !b.field || a.field === b.field;
}

/** The changes that turn one set of files into another, a whole file each (an import). */
export function fileChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Change[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names.filter((file) => before.get(file) !== after.get(file)).map((file) => ({ file, before: before.get(file), after: after.get(file) }));
}
