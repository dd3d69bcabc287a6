/**
 * Repairs for mistakes in Scalar's client markup (checked against
 * @scalar/api-client 3.21). ARIA, which axe reports: comboboxes without
 * `aria-expanded` or a name, editors without a name, buttons given
 * `role="none"` and a label, `aria-controls` naming an element that is not
 * there. Links: its "Powered by" link opens a new tab without
 * `rel="noopener noreferrer"`. The key field's placeholder: a made-up base64
 * token that looks like a real key. Each repair only fills in what is missing,
 * or replaces a constant of Scalar's (which Vue never writes again, as its
 * value never changes), so it cannot fight Vue's re-renders; a
 * MutationObserver applies them to whatever Scalar renders next.
 */
/** Scalar's placeholder for an API key: base64 of "ALL YOUR BASE ARE BELONG TO US". */
const SCALAR_KEY_PLACEHOLDER = 'QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT';
export const KEY_PLACEHOLDER = 'your API key';

export function repairMarkup(root: HTMLElement): void {
  // Scalar's API-key field (RequestAuthTab) has this placeholder as a literal in its template, not
  // read from the document, so only the markup can change it: on the masked <input> and, once the
  // reader unmasks it, on the editor that replaces it (data-placeholder). Scalar also uses it for an
  // OAuth2 access token, a field it shows only once it holds a token: the placeholder never shows there.
  for (const field of root.querySelectorAll<HTMLElement>(`[placeholder="${SCALAR_KEY_PLACEHOLDER}"]`)) {
    field.setAttribute('placeholder', KEY_PLACEHOLDER);
  }
  for (const field of root.querySelectorAll<HTMLElement>(`[data-placeholder="${SCALAR_KEY_PLACEHOLDER}"]`)) {
    field.dataset.placeholder = KEY_PLACEHOLDER;
  }
  for (const combobox of root.querySelectorAll<HTMLElement>('[role="combobox"]')) {
    if (!combobox.hasAttribute('aria-expanded')) combobox.setAttribute('aria-expanded', 'false');
    nameFrom(combobox, combobox.dataset.placeholder);
  }
  for (const editor of root.querySelectorAll<HTMLElement>('.cm-content[role="textbox"]')) {
    const language = editor.dataset.language;
    nameFrom(editor, language ? `Body (${language.toUpperCase()})` : 'Body');
  }
  for (const button of root.querySelectorAll<HTMLElement>('button[role="none"]')) button.removeAttribute('role');
  for (const control of root.querySelectorAll<HTMLElement>('[aria-controls]')) {
    const ids = (control.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean);
    if (!ids.every((id) => root.ownerDocument.getElementById(id))) control.removeAttribute('aria-controls');
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const rel = new Set(link.rel.split(/\s+/).filter(Boolean));
    if (link.origin !== root.ownerDocument.location.origin && !(rel.has('noopener') && rel.has('noreferrer'))) {
      link.rel = [...rel, 'noopener', 'noreferrer'].filter((v, i, all) => all.indexOf(v) === i).join(' ');
    }
  }
}

function nameFrom(element: HTMLElement, name: string | undefined): void {
  const current = element.getAttribute('aria-label')?.trim();
  if (current || element.hasAttribute('aria-labelledby') || !name) return;
  element.setAttribute('aria-label', name);
}

/** Keeps repairing as Scalar renders; returns a function that stops it. */
export function keepRepairingMarkup(root: HTMLElement): () => void {
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      repairMarkup(root);
    });
  });
  repairMarkup(root);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['role', 'aria-controls', 'aria-label', 'href', 'rel', 'placeholder', 'data-placeholder'],
  });
  return () => observer.disconnect();
}
