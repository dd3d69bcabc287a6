/**
 * What the shell does once scripts run, as one module every page loads (from Head.astro) instead of one per
 * component: each was a request of its own before the first paint. Each part finds its elements and does
 * nothing on a page without them.
 */
import { defineSiteSearch } from '../../search/site-search.ts';
import { keepSidebarState } from './sidebar-state.ts';
import { defineMobileTableOfContents, defineTableOfContents } from './table-of-contents.ts';
import { watchThemeSelects } from './theme-choice.ts';

watchThemeSelects();
defineSiteSearch();
defineTableOfContents();
defineMobileTableOfContents();
keepSidebarState();
