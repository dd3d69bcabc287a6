/**
 * Repairs for mistakes in Scalar's client markup (checked against
 * @scalar/api-client 3.21). ARIA, which axe reports: comboboxes without
 * `aria-expanded` or a name, editors without a name, buttons given
 * `role="none"` and a label, `aria-controls` naming an element that is not
 * there. Links: its "Powered by" link opens a new tab without
 * `rel="noopener noreferrer"`. Placeholders: a made-up base64 token in the key
 * field, a client ID `12345`, a secret `XYZ123`, URLs on example.com and
 * galaxy.scalar.com, which look like values to use; they say what goes there. Each repair only fills in what is missing,
 * or replaces a constant of Scalar's (which Vue never writes again, as its
 * value never changes), so it cannot fight Vue's re-renders; a
 * MutationObserver applies them to whatever Scalar renders next.
 */
export const KEY_PLACEHOLDER = 'your API key';

/**
 * Scalar's placeholders (literals in its templates, not read from the document) → what the field wants, in words.
 * Checked against Scalar's own source by tests/unit/console.test.ts, so an upgrade that changes them is noticed.
 */
export const honestPlaceholders: Readonly<Record<string, string>> = {
  // base64 of "ALL YOUR BASE ARE BELONG TO US": the API-key field, and an OAuth2 access token's.
  QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT: KEY_PLACEHOLDER,
  '12345': 'your client ID, from the API provider',
  XYZ123: 'your client secret, from the API provider',
  janedoe: 'your username',
  '********': 'your password',
  'https://galaxy.scalar.com/authorize': 'the authorization URL, from the API provider',
  'https://galaxy.scalar.com/token': 'the token URL, from the API provider',
  'https://example.com/.well-known/oauth-authorization-server': "the provider's metadata URL",
  'https://example.com/.well-known/openid-configuration': "the provider's OpenID Connect discovery URL",
};

export function repairMarkup(root: HTMLElement): void {
  // Only the markup can change Scalar's placeholders: on an <input> and, once the reader unmasks a secret, on the
  // editor that replaces it (data-placeholder).
  for (const field of root.querySelectorAll<HTMLElement>('[placeholder], [data-placeholder]')) {
    for (const attribute of ['placeholder', 'data-placeholder']) {
      const written = field.getAttribute(attribute);
      if (written !== null && Object.hasOwn(honestPlaceholders, written)) {
        field.setAttribute(attribute, honestPlaceholders[written] ?? written);
      }
    }
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
