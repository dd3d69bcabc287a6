/**
 * Sends Starlight's import of `@pagefind/default-ui` to the on-demand stand-in
 * (`pagefind-ui-on-demand.ts`), except the stand-in's own import of it: that
 * one resolves as usual, to the entry point the package's package.json names.
 * A plain alias could not tell the two apart, so the stand-in had to reach into
 * the package's files by path, which any change of its layout would break.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const pagefindUiPackage = '@pagefind/default-ui';
export const pagefindUiStandIn = fileURLToPath(new URL('./pagefind-ui-on-demand.ts', import.meta.url));

export function pagefindUiOnDemand(): Plugin {
  return {
    name: 'petstore:pagefind-ui-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== pagefindUiPackage) return null;
      return importer && isStandIn(importer) ? null : pagefindUiStandIn;
    },
  };
}

/** Vite may hand the importer with a query (`?v=…`) or, on Windows, other slashes. */
function isStandIn(importer: string): boolean {
  return importer.split('?')[0]?.replaceAll('\\', '/') === pagefindUiStandIn.replaceAll('\\', '/');
}
