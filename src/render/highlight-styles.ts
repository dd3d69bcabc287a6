/**
 * The colour classes of highlighted code as a stylesheet module,
 * `virtual:petstore/highlight.css`, added to Starlight's custom CSS by the
 * reference plugin. They depend only on the two Shiki themes, so they belong
 * in the site's one cached stylesheet; inlined, they were ~1.2 KB repeated
 * on every page that shows code.
 */
import type { Plugin } from 'vite';
import { highlightStyles } from './highlight.ts';

export const highlightStylesheetId = 'virtual:petstore/highlight.css';

export function highlightStylesPlugin(): Plugin {
  return {
    name: 'petstore:highlight-styles',
    resolveId: (id) => (id === highlightStylesheetId ? id : undefined),
    load: (id) => (id === highlightStylesheetId ? highlightStyles() : undefined),
  };
}
