/**
 * "Copy as Markdown" (CopyMarkdown.astro): a click on the link fetches the page's Markdown twin and puts it on the
 * clipboard; nothing is fetched until then.
 */
const status = (link: HTMLAnchorElement) =>
  link.parentElement?.querySelector<HTMLElement>('[data-copy-twin-status]') ?? undefined;

async function copyTwin(link: HTMLAnchorElement) {
  const text = fetch(link.href).then(async (response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return new Blob([await response.text()], { type: 'text/plain' });
  });
  // The clipboard is written inside the click, with the text still on its way: Safari refuses a write made after
  // an await, as a write without the user's gesture.
  if (typeof ClipboardItem === 'function') {
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text })]);
  } else {
    await navigator.clipboard.writeText(await (await text).text());
  }
}

/** Listens for clicks on the page's Copy as Markdown link; call once. */
export function copyMarkdownOnClick(): void {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-copy-twin]') : null;
    // A click meant to open the link elsewhere (new tab, window, download) opens it.
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const said = status(link);
    copyTwin(link).then(
      () => {
        if (said) said.textContent = 'Copied';
        setTimeout(() => {
          if (said) said.textContent = '';
        }, 2000);
      },
      // No clipboard (permission refused, an old browser): the twin opens instead, as without JavaScript.
      () => window.location.assign(link.href),
    );
  });
}
