/**
 * The copy buttons (operation and model pages, CodeBlock.astro): they start `hidden`, so without JavaScript no
 * control is offered that cannot work.
 */

/** Shows every copy button on the page and wires it; call once. */
export function wireCopyButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      // Its own text (method and path), or the code block that follows it.
      await navigator.clipboard.writeText(button.dataset.copyText ?? button.nextElementSibling?.textContent ?? '');
      // The visible word and the accessible name ("Copy curl sample") both say it worked, for a moment.
      const name = button.getAttribute('aria-label') ?? 'Copy';
      button.textContent = 'Copied';
      button.setAttribute('aria-label', name.replace(/^Copy/, 'Copied'));
      setTimeout(() => {
        button.textContent = 'Copy';
        button.setAttribute('aria-label', name);
      }, 1500);
    });
  }
}
