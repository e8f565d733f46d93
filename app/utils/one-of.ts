/** A type guard for "one of these strings": a path's kind, a filter from a query string. */
export function oneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  return (value: unknown): value is T => typeof value === "string" && (values as readonly string[]).includes(value);
}
