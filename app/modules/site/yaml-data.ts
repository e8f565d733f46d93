/**
 * A YAML text's data, parsed once per text. The content is read whole at every start and after every studio
 * change, when all its files but the changed one say what they said before; parsing them again was the largest
 * part of reading it, and a studio page reads the same file for every record it lists. Every reader gets the same
 * data, frozen (the schemas and token filling make new objects of it, the studio a copy; a reader that changed it
 * would fail at once rather than change the others' copy). Client-safe: the studio's rules read through it too.
 */
import YAML from "yaml";
import { recentlyUsed } from "./recently-used";

export function yaml(text: string): unknown {
  return parsedTexts(text, () => deepFreeze(YAML.parse(text) as unknown));
}

/** The last texts parsed: a content's files and posts' front matter, a few times over. */
const parsedTexts = recentlyUsed<string, unknown>(256);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
