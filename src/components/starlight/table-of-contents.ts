/**
 * The tables of contents' behaviour, as Starlight's own (its `StarlightTOC`
 * is internal to Starlight, so the overrides cannot import it): the link of
 * the section being read is marked `aria-current`, and the mobile bar shows
 * its name and closes on a link, a click outside or Escape.
 */

/** The id Starlight gives the page title, the first entry of every table of contents. */
const pageTitleId = '_top';

const onIdle = (callback: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback);
  else setTimeout(callback, 1);
};

class TableOfContents extends HTMLElement {
  #current: HTMLAnchorElement | null = this.querySelector('a[aria-current="true"]');

  protected set current(link: HTMLAnchorElement) {
    if (link === this.#current) return;
    this.#current?.removeAttribute('aria-current');
    link.setAttribute('aria-current', 'true');
    this.#current = link;
  }

  constructor() {
    super();
    onIdle(() => this.#watchSections());
  }

  /** Headings this table of contents lists: `h1#_top, :where(h2, h3)[id]` for levels 2 to 3. */
  get #headingSelector(): string {
    const min = Number.parseInt(this.dataset.minH || '2', 10);
    const max = Number.parseInt(this.dataset.maxH || '3', 10);
    const levels = Array.from({ length: 1 + max - min }, (_, i) => `h${min + i}`);
    return `h1#${pageTitleId},:where(${levels.join()})[id]`;
  }

  #watchSections(): void {
    const headings = this.#headingSelector;
    const links = [...this.querySelectorAll('a')];
    // The heading a piece of content belongs to: itself, one inside it, or the nearest one before it.
    const headingOf = (start: Element): Element | null => {
      let element: Element | null = start;
      while (element) {
        if (element.matches('.sl-markdown-content, main > *')) return document.getElementById(pageTitleId);
        if (element.matches(headings)) return element;
        const inside = element.querySelector(headings);
        if (inside) return inside;
        let previous: Element | null = element.previousElementSibling;
        while (previous?.lastElementChild) previous = previous.lastElementChild;
        element = previous ?? element.parentElement;
      }
      return null;
    };
    const onIntersect = (entries: IntersectionObserverEntry[]) => {
      for (const { isIntersecting, target } of entries) {
        if (!isIntersecting) continue;
        const heading = headingOf(target);
        const link = heading && links.find((a) => a.hash === `#${encodeURIComponent(heading.id)}`);
        if (link) {
          this.current = link;
          break;
        }
      }
    };
    const watched = document.querySelectorAll(
      [
        `main :where(${headings})`,
        `main :where(${headings}, .sl-heading-wrapper) ~ *:not(:has(${headings}))`,
        `main .sl-markdown-content > *:not(:has(${headings}))`,
        `main > *:not(:has(${headings}))`,
      ].join(),
    );
    let observer: IntersectionObserver | undefined;
    const observe = () => {
      if (observer) return;
      observer = new IntersectionObserver(onIntersect, { rootMargin: this.#rootMargin() });
      for (const element of watched) observer.observe(element);
    };
    observe();
    let resized: ReturnType<typeof setTimeout> | undefined;
    window.addEventListener('resize', () => {
      observer?.disconnect();
      observer = undefined;
      clearTimeout(resized);
      resized = setTimeout(() => onIdle(observe), 200);
    });
  }

  /** A section counts as read once it passes under the header (and the bar), plus 2rem. */
  #rootMargin(): string {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    const bar = this.querySelector('summary')?.getBoundingClientRect().height ?? 0;
    const top = header + bar + 32;
    return `-${top}px 0% ${top + 53 - document.documentElement.clientHeight}px`;
  }
}

class MobileTableOfContents extends TableOfContents {
  protected override set current(link: HTMLAnchorElement) {
    super.current = link;
    const display = this.querySelector('.display-current');
    if (display) display.textContent = link.textContent;
  }

  constructor() {
    super();
    const details = this.querySelector('details');
    if (!details) return;
    const close = () => {
      details.open = false;
    };
    for (const link of details.querySelectorAll('a')) link.addEventListener('click', close);
    window.addEventListener('click', (event) => {
      if (!details.contains(event.target as Node)) close();
    });
    window.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !details.open) return;
      const hadFocus = details.contains(document.activeElement);
      close();
      if (hadFocus) details.querySelector('summary')?.focus();
    });
  }
}

export function defineMobileTableOfContents(): void {
  if (!customElements.get('mobile-starlight-toc')) customElements.define('mobile-starlight-toc', MobileTableOfContents);
}
