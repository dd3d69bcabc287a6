/**
 * Following a "the same as" link (SchemaTree.astro) opens the expanders around its target. Chromium does this
 * itself; a browser that does not would scroll to a closed expander and show nothing.
 */
function revealTarget(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  let opened = false;
  for (let details = target?.closest('details'); details; details = details.parentElement?.closest('details')) {
    if (!details.open) {
      details.open = true;
      opened = true;
    }
  }
  if (opened) target?.scrollIntoView();
}

/** Reveals the link target now and on each change of the page's hash; call once. */
export function revealLinkedFields(): void {
  addEventListener('hashchange', revealTarget);
  revealTarget();
}
