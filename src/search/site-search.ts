/**
 * The header's search (components/starlight/Search.astro), as Starlight's own behaves: the button and Ctrl/⌘+K
 * open the dialog, a click outside it or on a result link closes it. What differs: Pagefind's UI (its
 * JavaScript, and its styles) loads only when a reader shows the intent to search (the pointer over the button,
 * focus on it, a tap, Ctrl/⌘+K), not on every page; what is typed before its box exists goes into it
 * (typing-before-search-box.ts); and the shortcut hint is shown from here, as ⌘ on Apple devices.
 */
import { keepTypingUntilSearchBox } from './typing-before-search-box.ts';

/** Apple devices, read from `navigator.platform` as Starlight does (the user agent is spoofed by devtools). */
const applePlatform = /(Mac|iPhone|iPod|iPad)/i;

class SiteSearch extends HTMLElement {
  constructor() {
    super();
    const openButton = this.querySelector<HTMLButtonElement>('button[data-open-modal]');
    const closeButton = this.querySelector<HTMLButtonElement>('button[data-close-modal]');
    const dialog = this.querySelector('dialog');
    const frame = this.querySelector('.dialog-frame');
    // None in `astro dev`, which has no index: the dialog says where search works instead (Search.astro).
    const container = this.querySelector<HTMLElement>('#starlight__search');
    if (!openButton || !dialog || !frame) return;
    if (container) keepTypingUntilSearchBox(container);

    let uiRequested = false;
    const loadUi = () => {
      if (uiRequested || !container) return;
      uiRequested = true;
      void import('./pagefind-ui.ts').then(({ startPagefindUi }) =>
        startPagefindUi(`#${container.id}`, parseTranslations(this.dataset.translations)),
      );
    };
    for (const type of ['pointerenter', 'focus', 'touchstart', 'click']) {
      openButton.addEventListener(type, loadUi, { once: true, passive: true });
    }

    /** Closes the dialog on a click on a link, or outside its frame. */
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      const onLink = target instanceof Element && target.closest('a') !== null;
      if (onLink || (target instanceof Node && document.body.contains(target) && !frame.contains(target))) {
        dialog.close();
      }
    };
    const open = (event?: Event) => {
      loadUi();
      dialog.showModal();
      document.body.toggleAttribute('data-search-modal-open', true);
      this.querySelector('input')?.focus();
      event?.stopPropagation();
      window.addEventListener('click', onClick);
    };
    openButton.addEventListener('click', open);
    closeButton?.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      document.body.toggleAttribute('data-search-modal-open', false);
      window.removeEventListener('click', onClick);
    });
    window.addEventListener('keydown', (event) => {
      if ((event.metaKey || event.ctrlKey) && event.key === 'k') {
        if (dialog.open) dialog.close();
        else open();
        event.preventDefault();
      }
    });

    const shortcut = openButton.querySelector('kbd');
    const platformKey = shortcut?.querySelector('kbd');
    if (platformKey && applePlatform.test(navigator.platform)) {
      platformKey.textContent = '⌘';
      openButton.setAttribute('aria-keyshortcuts', 'Meta+K');
    }
    if (shortcut) shortcut.hidden = false;
    openButton.disabled = false;
  }
}

/** The UI strings the page hands over (Search.astro); none if they do not parse. */
function parseTranslations(json: string | undefined): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Makes the page's search work; call once. */
export function defineSiteSearch(): void {
  if (!customElements.get('site-search')) customElements.define('site-search', SiteSearch);
}
