/**
 * Tabs for the sample pane (SamplePane.astro), added when scripts run: ARIA tabs with arrow keys, Home and End. The
 * language a reader picks is shown in every language tab set on the page and remembered for the next page.
 */
/** Where the reader's language is kept (the head's script loader reads it too: publishing/after-paint.ts). */
export const LANGUAGE_KEY = 'portal.sample-language';

const remembered = (): string | null => {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
};

function select(set: HTMLElement, name: string): boolean {
  const tabs = [...set.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  if (!tabs.some((tab) => tab.dataset.pstTab === name)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.pstTab === name;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  for (const panel of set.querySelectorAll<HTMLElement>(':scope > .pst-tabpanel')) {
    panel.hidden = panel.dataset.pstTab !== name;
  }
  return true;
}

/** Makes the page's tab sets tabs; call once. */
export function defineSampleTabs(): void {
  const sets = [...document.querySelectorAll<HTMLElement>('[data-pst-tabs]')];
  for (const set of sets) {
    const tablist = set.querySelector<HTMLElement>('[role="tablist"]');
    const tabs = [...set.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    if (!tablist || tabs.length === 0) continue;
    // The tabs' ARIA is written here, not in the HTML: without scripts there are no tabs, only headed sections.
    for (const panel of set.querySelectorAll<HTMLElement>(':scope > .pst-tabpanel')) {
      const tab = tabs.find((candidate) => candidate.dataset.pstTab === panel.dataset.pstTab);
      if (!tab) continue;
      tab.id = `${panel.id}-tab`;
      tab.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = -1;
    }
    tablist.hidden = false;
    set.dataset.pstReady = '';
    const isLanguage = set.dataset.pstTabs === 'language';
    const first = tabs[0]?.dataset.pstTab ?? '';
    const stored = isLanguage ? remembered() : null;
    if (!(stored && select(set, stored))) select(set, first);

    tablist.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
      const name = tab?.dataset.pstTab;
      if (!name) return;
      if (!isLanguage) {
        select(set, name);
        return;
      }
      for (const other of sets) if (other.dataset.pstTabs === 'language') select(other, name);
      try {
        localStorage.setItem(LANGUAGE_KEY, name);
      } catch {
        // Storage off: the choice holds for this page only.
      }
    });
    tablist.addEventListener('keydown', (event) => {
      const current = tabs.findIndex((tab) => tab === document.activeElement);
      if (current < 0) return;
      const next =
        event.key === 'ArrowRight'
          ? (current + 1) % tabs.length
          : event.key === 'ArrowLeft'
            ? (current - 1 + tabs.length) % tabs.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? tabs.length - 1
                : -1;
      if (next < 0) return;
      event.preventDefault();
      tabs[next]?.click();
      tabs[next]?.focus();
    });
  }
}
