/**
 * Keeps the build's memory near what it really holds. Rendering thousands of
 * pages allocates fast, and V8 then lets its heap grow to several times the
 * live data before collecting (at 1,000 operations: ~650 MB of heap for
 * ~250 MB live, 1.6 GB resident). Growing the heap by at most 30% over the
 * live data keeps the 1,000-operation build near 1.1 GB at about the same
 * speed. It is a growth rate, not a cap: a larger description still gets
 * all the memory it needs. (`--optimize-for-size` reached 0.7 GB but
 * doubled the build time.)
 *
 * V8 also sizes the young generation by the machine's memory: up to two
 * 64 MB semi-spaces per isolate here. The size is read when an isolate is
 * created, so this sets 16 MB ones for the render worker started after it
 * (1,000 operations: ~1,066 -> ~960 MB, no measurable cost in speed). The
 * main thread keeps V8's default: given 16 or 32 MB from the command line it
 * was ~100 MB lower at 1,000 operations, but GitHub's description then
 * peaked anywhere from 1.37 to 1.89 GB instead of a steady 1.52 GB.
 *
 * And two full garbage collections (~0.1-0.5 s each), where a phase leaves
 * garbage the next would otherwise pile onto:
 * - after the description is loaded (in `astro:config:setup`, after
 *   Starlight's, whose reference plugin loads it): checking a large one
 *   leaves its own pile (10,000 operations: ~570 MB) under bundling.
 *   GitHub's description: 0.86 -> 0.77 GB peak;
 * - between bundling and the pages. Until the main thread's first
 *   mark-compact, V8 sizes its heap by its initial limit, not by the growth
 *   rate above: bundling had not reached it, so the first seconds of pages
 *   piled up ~370 MB of garbage (GitHub's description: heap used 220 -> 594
 *   MB) before a collection brought it back to ~225 MB, and that pile was the
 *   build's peak. Collected once before the first page, the heap stays near
 *   360 MB for the whole build. GitHub's description: 1.13 -> 0.86 GB peak.
 * The growth rate is set before the first, so that it applies from then on.
 * Both are V8's "last resort" collections, which also hand the pages they
 * free back to the system: an ordinary one left them pooled (251 MB after
 * the first, at 10,000 operations), resident under bundling. 10,000
 * operations: 1.48-1.75 GB peak before, 1.32 GB after.
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
