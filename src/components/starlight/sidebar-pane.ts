/**
 * Starlight's sidebar pane (PageFrame.astro's `sl-sidebar-pane`): the phone's menu is a popover that opens and
 * closes without JavaScript; with it, focus stays in the header and menu while the menu is open, and the pane is
 * no popover on wider screens.
 */
class SidebarPane extends HTMLElement {
  constructor() {
    super();
    const desktop = matchMedia('(min-width: 50em)');
    const resetPopover = () => {
      this.popover = desktop.matches ? null : 'auto';
    };
    resetPopover();
    desktop.addEventListener('change', resetPopover);
    this.addEventListener('toggle', (event) => this.#trapFocus((event as ToggleEvent).newState === 'open'));
  }

  /** Keyboard focus stays in the header and menu while the menu is open. */
  #trapFocus(trap: boolean): void {
    for (const element of document.querySelectorAll<HTMLElement>('.main-frame, .sl-skip-link')) {
      element.toggleAttribute('inert', trap);
    }
  }
}

/** Defines `sl-sidebar-pane`; call once. */
export function defineSidebarPane(): void {
  if (!customElements.get('sl-sidebar-pane')) customElements.define('sl-sidebar-pane', SidebarPane);
}
