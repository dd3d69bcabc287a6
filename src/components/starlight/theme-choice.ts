/**
 * What the theme select does when a reader picks a theme, as Starlight's own
 * select does: store the choice, apply it, and follow the system's scheme
 * while the choice is "auto".
 */
type ThemeChoice = 'auto' | 'dark' | 'light';

/** Where Starlight keeps the choice, so a choice made before this override still applies. */
const storageKey = 'starlight-theme';

function parseChoice(value: unknown): ThemeChoice {
  return value === 'dark' || value === 'light' ? value : 'auto';
}

function storedChoice(): ThemeChoice {
  return parseChoice(typeof localStorage !== 'undefined' && localStorage.getItem(storageKey));
}

function applyChoice(choice: ThemeChoice): void {
  StarlightThemeProvider.updatePickers(choice);
  const systemTheme = matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  document.documentElement.dataset.theme = choice === 'auto' ? systemTheme : choice;
  if (typeof localStorage !== 'undefined') localStorage.setItem(storageKey, choice === 'auto' ? '' : choice);
}

/** Makes every theme select on the page work; call once. */
export function watchThemeSelects(): void {
  if (customElements.get('starlight-theme-select')) return;
  matchMedia('(prefers-color-scheme: light)').addEventListener('change', () => {
    if (storedChoice() === 'auto') applyChoice('auto');
  });
  customElements.define(
    'starlight-theme-select',
    class extends HTMLElement {
      constructor() {
        super();
        applyChoice(storedChoice());
        this.querySelector('select')?.addEventListener('change', (event) => {
          if (event.currentTarget instanceof HTMLSelectElement) applyChoice(parseChoice(event.currentTarget.value));
        });
      }
    },
  );
}
