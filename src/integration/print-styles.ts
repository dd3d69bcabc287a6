/**
 * Starlight's print styles in the site's one stylesheet: its page (Page.astro, which Starlight lets no one
 * override) links them as a stylesheet of their own with `media="print"`. A browser does not wait for it to paint,
 * but still requests it while the page loads, beside the stylesheet and the HTML the first paint needs; the rules
 * are already inside `@media print`, so bundled with the rest they apply exactly as before, in print only. A build
 * whose Starlight no longer links its print styles that way stops here with a message.
 */
import { readFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';

const starlightPage = /@astrojs\/starlight\/dist\/components\/Page\.astro$/;
const printImport = "import printHref from '../style/print.css?url&no-inline';";
const printLink = '<link rel="stylesheet" href={printHref} media="print" />';

export function printStylesIntegration(): AstroIntegration {
  let bundled = false;
  return {
    name: 'petstore:print-styles',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'petstore:print-styles',
                enforce: 'pre',
                // `load`, not `transform`: Astro compiles a component in its own transform, which runs first.
                load(id: string) {
                  if (!starlightPage.test(id)) return undefined;
                  const code = readFileSync(id, 'utf8');
                  if (!code.includes(printImport) || !code.includes(printLink)) return undefined;
                  bundled = true;
                  return code.replace(printImport, "import '../style/print.css';").replace(printLink, '');
                },
              },
            ],
          },
        });
      },
      'astro:build:done': () => {
        if (!bundled) {
          throw new Error(
            "Starlight's page no longer links its print styles as src/integration/print-styles.ts expects: they would " +
              'be a request of their own on every page, or missing. See that file.',
          );
        }
      },
    },
  };
}
