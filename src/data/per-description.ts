/**
 * In `astro dev` the description changes under a running server: a good save moves its version on
 * (`integration/spec-watcher.ts`) instead of restarting Astro, and what the pages derive from it is made again for
 * the next request. A build has one version. The version lives on `globalThis`, which the Vite plugin and the page
 * modules share in one process but not one module graph.
 */
const versionKey = Symbol.for('petstore.descriptionVersion');
type WithVersion = { [versionKey]?: number };

/** How many good saves of the description this process has taken in. */
export function descriptionVersion(): number {
  return (globalThis as WithVersion)[versionKey] ?? 0;
}

/** Called by the dev server's watcher once a saved version has been checked: pages take it on their next request. */
export function nextDescriptionVersion(): void {
  (globalThis as WithVersion)[versionKey] = descriptionVersion() + 1;
}

/** `make`'s value, made once per version of the description. */
export function perDescription<T>(make: () => T): () => T {
  let made: { version: number; value: T } | undefined;
  return () => {
    const version = descriptionVersion();
    if (made?.version !== version) made = { version, value: make() };
    return made.value;
  };
}
