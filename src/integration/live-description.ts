/**
 * In `astro dev` only, on every page: the open tab comes back where the reader was after the dev server reloads it,
 * as it does once a saved description is taken in (`spec-watcher.ts`). The reload itself is Vite's own (its client
 * is on every dev page), so a tab whose page scripts failed to load (Vite re-optimizing its dependencies under it)
 * still follows; the browser restores the scroll position as well, and this restores it where the browser does not.
 * A reload rather than swapping the page's content: the page's scripts (the sample pane's tabs, Try it, the
 * sidebar) bind to the page they started on, and a reload of an operation page takes well under a second in dev.
 */

const scrollKey = 'petstore:dev-scroll';

interface KeptScroll {
  path: string;
  x: number;
  y: number;
}

/** Back where the reader was before the reload, on the same page only. */
function restoreScroll(): void {
  const kept = sessionStorage.getItem(scrollKey);
  if (!kept) return;
  sessionStorage.removeItem(scrollKey);
  const { path, x, y } = JSON.parse(kept) as KeptScroll;
  if (path !== location.pathname || (window.scrollX === x && window.scrollY === y)) return;
  window.scrollTo(x, y);
}

if (import.meta.hot) {
  restoreScroll();
  import.meta.hot.on('vite:beforeFullReload', () => {
    const kept: KeptScroll = { path: location.pathname, x: window.scrollX, y: window.scrollY };
    sessionStorage.setItem(scrollKey, JSON.stringify(kept));
  });
}
