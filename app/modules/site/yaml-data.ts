/**
 * A YAML text's data, parsed once per text. The content is read whole at every start and after every studio
 * change, when all its files but the changed one say what they said before; parsing them again was the largest
 * part of reading it, and a studio page reads the same file for every record it lists. Every reader gets the same
 * data, frozen (the schemas and token filling make new objects of it, the studio a copy; a reader that changed it
 * would fail at once rather than change the others' copy). Client-safe: the studio's rules read through it too.
 */
import YAML from "yaml";

export function yaml(text: string): unknown {
  const kept = parsedTexts.get(text);
  if (kept !== undefined) {
    // The most recently used last, so the oldest is the first to go.
    parsedTexts.delete(text);
    parsedTexts.set(text, kept);
    return kept.data;
  }
  const data = deepFreeze(YAML.parse(text) as unknown);
  parsedTexts.set(text, { data });
  if (parsedTexts.size > PARSED_TEXTS_KEPT) parsedTexts.delete(parsedTexts.keys().next().value!);
  return data;
}

/** The last texts parsed: a content's files and posts' front matter, a few times over. */
const PARSED_TEXTS_KEPT = 256;
const parsedTexts = new Map<string, { data: unknown }>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
