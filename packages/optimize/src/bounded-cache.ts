/**
 * A map that keeps at most `capacity` entries, dropping the least recently used: for memoising
 * pure, deterministic functions of a string (a SMILES, a molblock) across calls and runs without
 * letting a long-lived compute thread grow without bound.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, computing and keeping it when absent. */
  get(key: string, compute: (key: string) => V): V {
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as V;
      // Re-inserted, so that Map's insertion order is the order of last use.
      this.entries.delete(key);
      this.entries.set(key, value);
      return value;
    }
    const value = compute(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

/** One cache per RDKit module (a verdict of one module need not hold for another build). */
export function cachePerModule<K extends object, V>(capacity: number): (module: K) => BoundedCache<V> {
  const caches = new WeakMap<K, BoundedCache<V>>();
  return (module) => {
    let cache = caches.get(module);
    if (!cache) caches.set(module, (cache = new BoundedCache<V>(capacity)));
    return cache;
  };
}
