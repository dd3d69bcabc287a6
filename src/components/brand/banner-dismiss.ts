/**
 * The banner's Dismiss button (starlight/Banner.astro): hides it and remembers its id, so that the inline script
 * beside the banner hides it on the next pages before they are painted. A banner with other words has another id
 * and shows again.
 */

/** The localStorage key of the last dismissed banner's id (read by the inline script in Banner.astro too). */
export const dismissedBannerKey = 'pst-banner-dismissed';

export function dismissBannerOnClick(): void {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-dismiss-banner]') : null;
    const banner = button?.closest<HTMLElement>('[data-banner]');
    if (!banner) return;
    banner.hidden = true;
    // Focus would be lost with the button: it goes to the page's content, where a keyboard reader was headed.
    const main = document.querySelector('main');
    if (main) {
      main.tabIndex = -1;
      main.focus({ preventScroll: true });
    }
    try {
      localStorage.setItem(dismissedBannerKey, banner.dataset.banner ?? '');
    } catch {
      // Storage refused (private mode, a full quota): it is hidden on this page only.
    }
  });
}
