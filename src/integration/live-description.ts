/**
 * In `astro dev` only, on every page: a good save of the description (or of its site config or a team guide)
 * reloads the open tab where the reader was, once the dev server has taken it in (`spec-watcher.ts` announces it).
 * A reload rather than swapping the page's content: the page's scripts (the sample pane's tabs, Try it, the sidebar)
 * bind to the page they started on, and a reload of an operation page is well under a second in dev.
 */

/** The custom HMR event the dev server sends to open tabs once a saved description is in use. */
export const descriptionUpdatedEvent = 'petstore:description-updated';

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
  if (path !== location.pathname) return;
  // The browser's own restoring may come later and elsewhere (the page above grew): this position wins.
  history.scrollRestoration = 'manual';
  window.scrollTo(x, y);
  // Again after the page's fonts and late styles have settled its height.
  requestAnimationFrame(() => window.scrollTo(x, y));
}

if (import.meta.hot) {
  restoreScroll();
  import.meta.hot.on(descriptionUpdatedEvent, () => {
    const kept: KeptScroll = { path: location.pathname, x: window.scrollX, y: window.scrollY };
    sessionStorage.setItem(scrollKey, JSON.stringify(kept));
    location.reload();
  });
}
