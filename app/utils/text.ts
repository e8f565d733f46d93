/**
 * Cuts text to at most `limit` characters, ending at a word where it can and
 * with an ellipsis when anything was cut: the spec's text-limit filter.
 */
export function limitText(text: string, limit: number): string {
  const clean = text.trim().replace(/\s+/g, " ");
  if (clean.length <= limit) return clean;
  const room = clean.slice(0, limit - 1);
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > limit * 0.6 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.–-]+$/, "")}…`;
}

/** "Anna Maria Smith" → "Anna": messages greet people by their first name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}
