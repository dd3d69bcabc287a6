/**
 * Everything the page does once scripts run, as the one script file every page loads: the shell's behaviour
 * (search, theme selects, tables of contents, the sidebar's pane and remembered state, prefetching links) and the
 * page's own controls (Try it, sample tabs, Copy buttons, Copy as Markdown, the banner's Dismiss). Each file a page links is a request
 * before its first paint, so they are one file, cached across pages, rather than one per component. Each part
 * finds its elements and does nothing on a page without them. Starlight's page links it in place of its
 * sidebar-state script (src/integration/page-script.ts).
 */
import { init as prefetchLinks } from 'astro/virtual-modules/prefetch.js';
import { defineSiteSearch } from '../../search/site-search.ts';
import { dismissBannerOnClick } from '../brand/banner-dismiss.ts';
import { wireCopyButtons } from '../reference/copy-buttons.ts';
import { defineSampleTabs } from '../reference/operation/sample-tabs.ts';
import { revealLinkedFields } from '../reference/reveal-linked-fields.ts';
import { offerTryIt } from '../reference/try-it.ts';
import { copyMarkdownOnClick } from '../shared/copy-markdown.ts';
import { defineSidebarPane } from './sidebar-pane.ts';
import { keepSidebarState } from './sidebar-state.ts';
import { defineMobileTableOfContents } from './table-of-contents.ts';
import { watchThemeSelects } from './theme-choice.ts';

// What a reader clicks is wired at once: the loader replays a click made before this file ran on its load event,
// which fires when this first task ends.
watchThemeSelects();
defineSidebarPane();
defineSiteSearch();
defineSampleTabs();
offerTryIt();
wireCopyButtons();
copyMarkdownOnClick();
dismissBannerOnClick();
// The rest, each in a task of its own: the file runs after the first paint (publishing/after-paint.ts), while the
// page may still be busy, and one long task there would keep a reader's tap waiting.
const later = [
  defineMobileTableOfContents,
  keepSidebarState,
  revealLinkedFields,
  // Starlight's default (every link, on hover or focus), from this file rather than Astro's own script: prefetch is
  // off in astro.config.mjs, which would otherwise add that script to every page as a file of its own.
  () => prefetchLinks({ prefetchAll: true }),
];
const runLater = (index: number) =>
  setTimeout(() => {
    later[index]?.();
    if (index + 1 < later.length) runLater(index + 1);
  });
runLater(0);
