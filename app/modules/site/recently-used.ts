/**
 * A cache of the values last used, by key, holding at most `size`: a value
 * asked for again moves to the back, so the least recently used is the first
 * to go. A value whose making throws is not kept. Pure and client-safe.
 */
export function recentlyUsed<K, V>(size: number): (key: K, make: () => V) => V {
  const kept = new Map<K, V>();
  return (key, make) => {
    if (kept.has(key)) {
      const value = kept.get(key)!;
      kept.delete(key);
      kept.set(key, value);
      return value;
    }
    const value = make();
    kept.set(key, value);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return value;
  };
}
