/**
 * Keeps the sidebar as a reader left it, page to page within a visit, as Starlight's persister does: which groups
 * are open and how far it is scrolled, restored where the sidebar is a column (not the phone's menu) and only onto
 * the same sidebar (`data-sidebar-hash`, Sidebar.astro). Unlike Starlight's, it is no inline script before and
 * after the list and no marker element in every group: it runs with the page's other modules, once the page is
 * parsed, and finds the groups in document order.
 */
const storageKey = 'pst-sidebar-state';

interface SidebarState {
  hash: string;
  open: boolean[];
  scroll: number;
}

function readState(hash: string): SidebarState | undefined {
  try {
    const state: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    if (typeof state !== 'object' || state === null) return undefined;
    const { hash: savedHash, open, scroll } = state as Partial<SidebarState>;
    if (savedHash !== hash || !Array.isArray(open)) return undefined;
    return { hash, open, scroll: typeof scroll === 'number' ? scroll : 0 };
  } catch {
    return undefined;
  }
}

/** Restores the sidebar's saved state and saves it as it changes; call once. */
export function keepSidebarState(): void {
  const pane = document.getElementById('starlight__sidebar');
  const list = pane?.querySelector<HTMLElement>('[data-sidebar-hash]');
  if (!pane || !list) return;
  const hash = list.dataset.sidebarHash ?? '';
  const groups = [...list.querySelectorAll('details')];
  const saved = readState(hash);
  if (saved && matchMedia('(min-width: 50em)').matches) {
    groups.forEach((group, index) => {
      const open = saved.open[index];
      if (typeof open === 'boolean') group.open = open;
    });
    pane.scrollTop = saved.scroll;
  }
  const save = () => {
    try {
      const state: SidebarState = { hash, open: groups.map((group) => group.open), scroll: pane.scrollTop };
      sessionStorage.setItem(storageKey, JSON.stringify(state));
    } catch {
      // No session storage (private mode, a full quota): the sidebar simply starts as drawn.
    }
  };
  // `toggle` does not bubble; a listener in the capture phase hears every group's.
  list.addEventListener('toggle', save, { capture: true });
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
}
