/**
 * Keeps the build's memory near what it really holds. Rendering thousands of
 * pages allocates fast, and V8 then lets its heap grow to several times the
 * live data before collecting. Growing the heap by at most 30% over the live
 * data keeps the resident size close to the live data at about the same
 * speed. It is a growth rate, not a cap: a larger description still gets all
 * the memory it needs. (`--optimize-for-size` used less still but doubled
 * the build time.)
 *
 * V8 also sizes the young generation by the machine's memory: up to two
 * 64 MB semi-spaces per isolate on this kind of machine, most of it resident
 * while pages render. The size is read when an isolate is created, so the
 * main thread gets 16 MB ones from the command line (build-site.sh), and
 * this sets them for the render worker started after it (also when
 * `astro build` is run by hand). Whole builds against V8's default, at
 * about the same speed (peak of the largest process): 1,000 operations
 * ~750-790 to ~690-700 MiB, 10,000 ~1,470 to ~1,255 MiB, GitHub's
 * description ~840-845 to ~760-795 MiB, Microsoft Graph's ~1,045 to ~965
 * MiB.
 *
 * And two full garbage collections (each a fraction of a second), where a
 * phase leaves garbage the next would otherwise pile onto:
 * - after the description is loaded (in `astro:config:setup`, after
 *   Starlight's, whose reference plugin loads it): checking a large one
 *   leaves its own pile, which would otherwise stay under bundling;
 * - between bundling and the pages. Until the main thread's first
 *   mark-compact, V8 sizes its heap by its initial limit, not by the growth
 *   rate above: bundling had not reached it, so the first seconds of pages
 *   piled up garbage before a collection, and that pile was the build's
 *   peak. Collected once before the first page, the heap stays near the
 *   live data for the whole build.
 * The growth rate is set before the first, so that it applies from then on.
 * Both are V8's "last resort" collections, which also hand the pages they
 * free back to the system: an ordinary one left them pooled, resident under
 * bundling. `npm run bench` reports the peaks these choices are judged by.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

export function buildMemoryIntegration(): AstroIntegration {
  return {
    name: 'petstore:build-memory',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        setFlagsFromString('--heap-growing-percent=30 --max-semi-space-size=16');
        collectGarbage();
        updateConfig({ vite: { plugins: [collectBeforePages()] } });
      },
    },
  };
}

/**
 * A full collection once Vite has bundled every environment, before Astro writes the pages: Astro generates the
 * pages in its own `buildApp` step (order 'post', from a plugin enforced 'post'), so this one, in the same
 * order from an ordinary plugin, runs just before it.
 */
function collectBeforePages(): Plugin {
  return {
    name: 'petstore:collect-before-pages',
    buildApp: {
      order: 'post',
      async handler() {
        collectGarbage();
      },
    },
  };
}

/** A full garbage collection. */
function collectGarbage(): void {
  // `gc` is only on the global object when Node starts with --expose-gc; the flag set now gives a new context one.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as (options: object) => void)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
