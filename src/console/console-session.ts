/**
 * The live console: Scalar's request client (@scalar/api-client's modal),
 * loaded only when a reader presses "Try it". This module and everything it
 * imports are one lazy chunk; its styles are added as links at the same time.
 *
 * Around Scalar it adds what Scalar does not do: the default server is the
 * sandbox (a hosted one always, a local one when it answers), where a key is
 * ready until the reader gives their own: a personal key the sandbox issues
 * for this tab, or on a local sandbox a demo key; the reader's key follows them
 * across operations (sessionStorage, or localStorage when remembered) and can
 * be cleared; the response shows rate limits, a Retry-After countdown and
 * documented headers the browser could not see; and a server that cannot be
 * reached is named, with what may be wrong, instead of "Failed to fetch".
 */

// Before anything of Scalar: zod must not probe for eval under the CSP.
import './no-eval.ts';

import { createApiClientModal } from '@scalar/api-client/modal';
import scalarStyles from '@scalar/api-client/style.css?url';
import { createWorkspaceStore } from '@scalar/workspace-store/client';
import { reactive, watch } from 'vue';
import type { ConsoleTarget } from '../contracts/console-target.ts';
import { isRecord } from '../openapi/browser.ts';
import { createApiKeyStore } from './api-key-store.ts';
import { withConsoleServers, withoutClosedOperations, withPageRequest, withSandboxAt } from './console-document.ts';
import { type ConsoleState, type KeyActions, RequestNotes, ResponseNotes } from './console-panels.ts';
import themeStyles from './console-theme.css?url';
import { chooseKey, fieldChanged, type KeyInField, NO_KEY } from './key-choice.ts';
import { keyFromSecrets, keySecrets } from './key-secrets.ts';
import { keepRepairingMarkup } from './markup-repairs.ts';
import { throughPassThrough } from './pass-through.ts';
import { createPersonalKeys } from './personal-keys.ts';
import { summarizeResponse } from './response-summary.ts';

type ClientPlugin = NonNullable<Parameters<typeof createApiClientModal>[0]['plugins']>[number];

// Scalar's name for the one document it holds; shipped in the bundle, so nothing of one API in particular.
const DOCUMENT_NAME = 'api';
/**
 * How long the sandbox may take to answer before the console starts with the spec's first server. The probe runs
 * while the console's code and the description load, and its answer is read on the same busy main thread: at 600 ms
 * a slow machine missed a running sandbox (and so the demo key). A stopped sandbox refuses at once; only a hung one
 * costs the whole wait.
 */
const SANDBOX_PROBE_MS = 2500;

interface Session {
  open(trigger: HTMLElement): void;
}

let pending: Promise<Session> | undefined;

/** Opens the console on the page's operation; the first call loads and mounts it. */
export async function openConsole(trigger: HTMLElement, target: ConsoleTarget): Promise<void> {
  pending ??= createSession(target);
  (await pending).open(trigger);
}

async function createSession(target: ConsoleTarget): Promise<Session> {
  const styles = Promise.all([scalarStyles, themeStyles].map(addStylesheet));
  const sandbox = target.sandbox;
  // A hosted sandbox is where a visitor's requests go, up or not (if not, the console says so when they send);
  // a local one only when it runs, else the API's own first server.
  const [loaded, sandboxUp] = await Promise.all([
    loadDocument(target.documentUrl),
    sandbox?.hosted ? true : answers(sandbox?.url, target.path),
  ]);
  const document = withPageRequest(
    withConsoleServers(withSandboxAt(loaded, sandbox), target.servers, target.serverAddresses),
    target,
  );
  if (sandboxUp && sandbox) document['x-scalar-selected-server'] = sandbox.url;

  const keys = createApiKeyStore(webStorage('sessionStorage'), webStorage('localStorage'));
  const scheme = target.apiKeyScheme;
  const demoKeys = target.sandboxDemoKeys ?? [];
  const requiredPlan = target.requiredPlan;
  const issuer = sandbox?.keyIssuer;
  const personalKeys = issuer && createPersonalKeys(issuer.url, webStorage('sessionStorage'));
  const state = reactive<ConsoleState>({
    key: NO_KEY,
    onSandbox: false,
    remembered: keys.remembered(),
    summary: undefined,
    // A local sandbox that did not answer: the console starts on another server, and says so.
    sandboxMissed: sandbox && !sandboxUp ? { sandbox: sandbox.url, instead: selectedServerUrl(document) } : undefined,
  });

  const workspaceStore = createWorkspaceStore({
    plugins: [
      {
        hooks: {
          // Whatever the reader types into Scalar's key field is kept for the other operations;
          // a demo key the console put there is not the reader's and is never stored.
          onWorkspaceStateChanges(event) {
            if (event.type !== 'auth' || !scheme) return;
            const value = keyFromSecrets(target.keyForm, workspaceStore.auth.getAuthSecrets(DOCUMENT_NAME, scheme));
            const key = fieldChanged(value, state.key);
            if (key.source === 'demo' || key.source === 'personal') return;
            state.key = key;
            if (value !== (keys.get() ?? '')) keys.set(value);
          },
        },
      },
    ],
  });
  await workspaceStore.addDocument({ name: DOCUMENT_NAME, document });

  /** Puts a key into Scalar's field; `state.key` first, so that the hook above knows it for the console's. */
  const showKey = (key: KeyInField) => {
    state.key = key;
    if (scheme) workspaceStore.auth.setAuthSecrets(DOCUMENT_NAME, scheme, keySecrets(target.keyForm, keyValue(key)));
  };
  /**
   * Without a key of the reader's, on the sandbox: its personal key for `plan` (kept, or asked for now), else its
   * demo key for `plan`; elsewhere no key. Only the last call's answer is shown, should the reader switch quickly.
   */
  let asked = 0;
  const settleKey = async (plan: string | undefined): Promise<void> => {
    const ask = ++asked;
    const readerKey = keys.get();
    if (readerKey || !state.onSandbox || !personalKeys || !issuer) {
      state.issuing = undefined;
      const key = chooseKey({ readerKey, onSandbox: state.onSandbox, demoKeys, plan, requiredPlan });
      if (keyValue(key) !== keyValue(state.key) || key.source !== state.key.source) showKey(key);
      return;
    }
    const wanted = plan ?? requiredPlan ?? issuer.plans[0];
    if (!wanted) return;
    const kept = personalKeys.kept(wanted);
    if (kept) {
      state.issuing = undefined;
      showKey({ source: 'personal', ...kept });
      return;
    }
    state.issuing = wanted;
    state.keyProblem = undefined;
    try {
      const issued = await personalKeys.issue(wanted);
      if (ask === asked) showKey({ source: 'personal', ...issued });
    } catch (error) {
      if (ask !== asked) return;
      state.keyProblem = error instanceof Error ? error.message : String(error);
      showKey(NO_KEY);
    } finally {
      if (ask === asked) state.issuing = undefined;
    }
  };
  const chosenPlan = () =>
    state.key.source === 'demo' || state.key.source === 'personal' ? state.key.plan : undefined;

  // The server chosen in the console decides which key fits; a plan the reader picked stays while it does.
  let firstKey: Promise<void> = Promise.resolve();
  watch(
    () => selectedServerUrl(workspaceStore.workspace.documents[DOCUMENT_NAME]),
    (url) => {
      state.onSandbox = url !== undefined && url === sandbox?.url;
      firstKey = settleKey(chosenPlan());
    },
    { immediate: true },
  );
  // The first Send must already carry the key: the console opens once the sandbox has issued it (or said no).
  await firstKey;

  const actions: KeyActions = {
    remember(on) {
      keys.remember(on);
      state.remembered = keys.remembered();
    },
    clear() {
      keys.clear();
      state.remembered = false;
      void settleKey(undefined);
    },
    usePlan(plan) {
      void settleKey(plan);
    },
  };

  const portalPlugin: ClientPlugin = {
    hooks: {
      responseReceived({ response, responseDuration }) {
        state.unreachable = undefined;
        revealAnswer('[aria-label="Response"]');
        state.summary = summarizeResponse({
          status: response.status,
          headers: response.headers.entries(),
          documented: target.documentedHeaders,
          receivedAt: new Date(),
          ...(responseDuration === undefined ? {} : { durationMs: responseDuration }),
        });
      },
    },
    components: {
      request: { component: RequestNotes as never, additionalProps: { target, state, actions } },
      response: { component: ResponseNotes as never, additionalProps: { state } },
    },
  };

  const el = window.document.createElement('div');
  el.className = 'pst-console';
  /**
   * On a narrow screen the answer is below the request, out of sight, when Send is pressed: once it is drawn it is
   * brought into view (on a wide one it is beside the request already, and nothing moves).
   */
  const revealAnswer = (selector: string) =>
    window.setTimeout(() => {
      const answer = el.querySelector(selector);
      if (!answer) return;
      const { top } = answer.getBoundingClientRect();
      if (top > window.innerHeight * 0.6) answer.scrollIntoView({ block: 'start' });
    }, 50);
  followTheme(el);
  window.document.body.append(el);
  await styles;
  // Scalar's own snippet hides the key only with CSS: it stays in the DOM, where screen
  // readers read it and its copy button copies it. The page's samples (with a placeholder) stay.
  const modal = createApiClientModal({
    el,
    workspaceStore,
    plugins: [portalPlugin],
    options: {
      hiddenClients: true,
      customFetch: throughPassThrough(
        target.passThrough,
        noticingUnreachable(state, sandbox, () => revealAnswer('.pst-console-unreachable')),
      ),
    },
  });
  keepRepairingMarkup(el);

  let returnFocusTo: HTMLElement | undefined;
  // Scalar closes on Escape and on its close button; focus goes back to the control that opened it.
  watch(
    () => modal.modalState.open,
    (open) => {
      if (!open) returnFocusTo?.focus();
    },
  );

  return {
    open(trigger) {
      returnFocusTo = trigger;
      modal.open({ path: target.path, method: target.method.toLowerCase() });
    },
  };
}

const keyValue = (key: KeyInField) => (key.source === 'none' ? '' : key.key);

/**
 * The console's fetch: the browser's, noting a request that got no answer at all (the browser says only "Failed to
 * fetch", for a server that is down, not there, or that CORS or the page's CSP keeps this page from reading).
 */
function noticingUnreachable(
  state: ConsoleState,
  sandbox: ConsoleTarget['sandbox'],
  noticed: () => void,
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    try {
      return await window.fetch(input, init);
    } catch (error) {
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      if (!aborted) {
        state.summary = undefined;
        const onSandbox = sandbox !== undefined && url.href.startsWith(sandbox.url);
        state.unreachable = { server: url.origin, sandbox: onSandbox, hosted: onSandbox && sandbox.hosted };
        noticed();
      }
      throw error;
    }
  };
}

/** The server Scalar sends requests to: the one chosen, else the document's first. */
function selectedServerUrl(document: unknown): string | undefined {
  if (!isRecord(document)) return undefined;
  const selected = document['x-scalar-selected-server'];
  if (typeof selected === 'string') return selected === '' ? undefined : selected;
  const first = Array.isArray(document.servers) ? document.servers[0] : undefined;
  return isRecord(first) && typeof first.url === 'string' ? first.url : undefined;
}

async function loadDocument(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The console could not load ${url}: HTTP ${response.status}`);
  return withoutClosedOperations((await response.json()) as Record<string, unknown>);
}

/**
 * Whether the sandbox is running and lets this page call it: a plain OPTIONS on the
 * operation's path, which the sandbox answers with its methods without counting it.
 */
async function answers(serverUrl: string | undefined, path: string): Promise<boolean> {
  if (!serverUrl) return false;
  try {
    const response = await fetch(`${serverUrl.replace(/\/$/, '')}${path}`, {
      method: 'OPTIONS',
      cache: 'no-store',
      signal: AbortSignal.timeout(SANDBOX_PROBE_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function addStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = window.document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    window.document.head.append(link);
  });
}

/** Scalar's light/dark classes follow Starlight's theme, now and when the reader switches. */
function followTheme(el: HTMLElement): void {
  const apply = () => {
    const dark = window.document.documentElement.dataset.theme === 'dark';
    el.classList.toggle('dark-mode', dark);
    el.classList.toggle('light-mode', !dark);
  };
  apply();
  new MutationObserver(apply).observe(window.document.documentElement, { attributeFilter: ['data-theme'] });
}

/** Reading window.sessionStorage or localStorage throws where storage is disabled; the key then lives in memory. */
function webStorage(name: 'sessionStorage' | 'localStorage'): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}
