/**
 * Starlight's search imports Pagefind's UI (about 26 KB of gzip JavaScript)
 * as soon as the browser is idle, on every page, whether or not anyone
 * searches: that was most of the JavaScript a reference page loaded. This
 * stand-in for `@pagefind/default-ui` (put in its place by pagefind-ui-alias.ts) keeps
 * Starlight's search as it is but loads the real UI when a reader shows the
 * intent to search: the pointer over the search button, focus on it, a tap,
 * or Ctrl/⌘+K.
 */
/**
 * The ranking Starlight tunes for documentation (its Pagefind config's
 * defaults). Starlight passes it only when it runs Pagefind itself; this
 * site indexes in a step of its own (`pagefind: false` in astro.config.mjs),
 * so it is given here.
 */
const starlightRanking = {
  pageLength: 0.1,
  termFrequency: 0.1,
  termSaturation: 2,
  termSimilarity: 9,
  diacriticSimilarity: 0.8,
};

interface PagefindOptions {
  element: string;
  [option: string]: unknown;
}

export class PagefindUI {
  constructor(options: PagefindOptions) {
    // Read before Pagefind's constructor, which takes the options over.
    const dialog = document.querySelector(options.element)?.closest('dialog');
    let started = false;
    // The box it draws is handed the focus, and what the reader typed meanwhile, by typing-before-search-box.ts.
    const start = () => {
      if (started) return;
      started = true;
      void import('@pagefind/default-ui').then(({ PagefindUI: RealPagefindUI }) => {
        new RealPagefindUI({ ranking: starlightRanking, ...options });
      });
    };
    const button = document.querySelector('button[data-open-modal]');
    for (const type of ['pointerenter', 'focus', 'touchstart', 'click']) {
      button?.addEventListener(type, start, { once: true, passive: true });
    }
    window.addEventListener('keydown', (event) => {
      if ((event.metaKey || event.ctrlKey) && event.key === 'k') start();
    });
    // Starlight builds this when the browser is first idle, which on a busy machine can come after the
    // reader has already opened search (or rests the pointer on its button): those events are gone, so
    // start now rather than leave an empty dialog.
    if (dialog?.open || button?.matches(':hover, :focus')) start();
  }
}
