/**
 * A memo that keeps the `limit` most recently used results. Texts that recur
 * across pages (error bodies, shared parameters) stay in it; one-off ones
 * (each operation's own samples) leave, so a build's memory does not grow
 * with every page it has rendered.
 */
export class RecentCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The remembered value for `key`, or `make()`'s, remembered. */
  get(key: string, make: () => V): V {
    const entries = this.#entries;
    if (entries.has(key)) {
      const value = entries.get(key) as V;
      // Most recent last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, value);
      return value;
    }
    const value = make();
    entries.set(key, value);
    if (entries.size > this.#limit) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    return value;
  }
}

/**
 * Recent caches side by side, one per variant (a language, a way of rendering Markdown), each keyed by the text
 * itself: a key made by prefixing the text with its variant would be a new long string to hash on every lookup
 * (and garbage after it), where the model's own strings keep their hashes.
 */
export class RecentCaches<V> {
  readonly #byVariant = new Map<string, RecentCache<V>>();
  readonly #limit: number;

  /** `limit`: entries kept per variant. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  get(variant: string, key: string, make: () => V): V {
    let cache = this.#byVariant.get(variant);
    if (!cache) {
      cache = new RecentCache<V>(this.#limit);
      this.#byVariant.set(variant, cache);
    }
    return cache.get(key, make);
  }
}
