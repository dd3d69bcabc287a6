/**
 * Keeps the keys a reader types into the search dialog before it has a search
 * box, and once Pagefind's UI draws the box in the open dialog, puts them in
 * it and gives it the focus. The dialog opens at once, but Pagefind's UI
 * loads when the reader goes to search (site-search.ts, pagefind-ui.ts): a
 * reader who opens search and types at once would otherwise lose the first
 * letters. Runs as the page loads.
 */
export function keepTypingUntilSearchBox(container: Element): void {
  const dialog = container.closest('dialog');
  if (!dialog) return;
  const searchBox = () => container.querySelector('input');
  let typed = '';
  const record = (event: KeyboardEvent) => {
    if (!dialog.open || searchBox() || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) typed += event.key;
    else if (event.key === 'Backspace') typed = typed.slice(0, -1);
  };
  window.addEventListener('keydown', record);
  dialog.addEventListener('close', () => {
    typed = '';
  });
  const observer = new MutationObserver(() => {
    const input = searchBox();
    if (!input) return;
    observer.disconnect();
    window.removeEventListener('keydown', record);
    if (!dialog.open) return;
    if (typed) {
      input.value = typed;
      // Pagefind's UI searches on input events.
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    input.focus();
  });
  observer.observe(container, { childList: true, subtree: true });
}
