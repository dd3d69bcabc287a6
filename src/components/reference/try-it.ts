/**
 * The "Try it" buttons (TryIt.astro): shown once scripts run; a click loads the console, bundled apart from the
 * site (src/build/console-bundle-integration.ts), and opens it on the button's operation.
 */
import { consoleModuleUrl } from 'virtual:petstore/console';
import { CONSOLE_TARGET_ATTRIBUTE, type ConsoleTarget } from '../../contracts/console-target.ts';

type ConsoleModule = typeof import('../../console/console-session.ts');

/** Shows the page's Try it buttons and opens the console on a click; call once. */
export function offerTryIt(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(`button[${CONSOLE_TARGET_ATTRIBUTE}]`)) {
    const wrapper = button.parentElement;
    const status = wrapper?.querySelector<HTMLElement>('[role="status"]');
    if (wrapper) wrapper.hidden = false;
    button.addEventListener('click', async () => {
      const target = JSON.parse(button.getAttribute(CONSOLE_TARGET_ATTRIBUTE) ?? '{}') as ConsoleTarget;
      button.setAttribute('aria-busy', 'true');
      if (status) status.textContent = 'Loading the console…';
      try {
        // Loaded on this click, never before.
        const { openConsole } = (await import(/* @vite-ignore */ consoleModuleUrl)) as ConsoleModule;
        await openConsole(button, target);
        if (status) status.textContent = '';
      } catch (error) {
        if (status)
          status.textContent = `The console could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
      } finally {
        button.removeAttribute('aria-busy');
      }
    });
  }
}
