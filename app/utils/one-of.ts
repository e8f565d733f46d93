/** A type guard for "one of these strings": a path's kind, a filter from a query string. */
export function oneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  return (value: unknown): value is T => typeof value === "string" && (values as readonly string[]).includes(value);
}

/** A closed list of words with their labels, each key written once: the list in order, the labels, and the type guard. */
export function labelled<T extends string>(labels: Record<T, string>) {
  const values: readonly T[] = Object.keys(labels) as T[];
  return { values, labels, is: oneOf(values) };
}
