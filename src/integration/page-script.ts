/**
 * One script file per page: Starlight's page (its Page.astro, which Starlight lets no one override) links its
 * sidebar-state script on every page, a file of its own and so a request before the first paint. That link is
 * pointed at the portal's one behaviour module instead (shell-behaviour.ts, which keeps the sidebar's state its
 * own way), so the page links that module and nothing else. A build whose Starlight no longer links that script
 * stops here with a message, rather than shipping pages without their behaviour. Pages load that module (and any
 * other page script) after their first paint: see src/publishing/after-paint.ts.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Starlight's `<script src="../components-internals/SidebarPersistState">` in Page.astro. */
const starlightPageScript = /\/components-internals\/SidebarPersistState(\.[jt]s)?$/;
const afterPaintMiddleware = fileURLToPath(new URL('./page-script-middleware.ts', import.meta.url));
const behaviourModule = fileURLToPath(new URL('../components/starlight/shell-behaviour.ts', import.meta.url));

export function pageScriptIntegration(): AstroIntegration {
  let redirected = false;
  return {
    name: 'petstore:page-script',
    hooks: {
      'astro:config:setup': ({ addMiddleware, updateConfig }) => {
        // After Starlight's, on the page it renders: its scripts load after the first paint (publishing/after-paint.ts).
        addMiddleware({ entrypoint: afterPaintMiddleware, order: 'post' });
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'petstore:page-script',
                enforce: 'pre',
                resolveId(id: string, importer: string | undefined) {
                  if (!starlightPageScript.test(id) || !importer?.includes('@astrojs/starlight')) return undefined;
                  redirected = true;
                  return behaviourModule;
                },
              },
            ],
          },
        });
      },
      'astro:build:done': () => {
        if (!redirected) {
          throw new Error(
            "Starlight's page no longer links components-internals/SidebarPersistState: the portal's behaviour " +
              'module (src/components/starlight/shell-behaviour.ts) is not on any page. See src/integration/page-script.ts.',
          );
        }
      },
    },
  };
}
