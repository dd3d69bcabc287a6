/**
 * The portal's additions inside Scalar's console, as Scalar client-plugin
 * components (Vue render functions): key controls and the deprecation
 * warning beside the request; rate limits, the Retry-After countdown and
 * headers the browser could not see beside the response.
 */
import { defineComponent, h, onBeforeUnmount, type PropType, ref, type VNode } from 'vue';
import type { ConsoleTarget } from '../contracts/console-target.ts';
import { humanDate, isoDate } from '../openapi/browser.ts';
import type { KeyInField } from './key-choice.ts';
import { type ResponseSummary, secondsLeft } from './response-summary.ts';

/** Shared between the session (which writes it) and the panels (which show it). */
export interface ConsoleState {
  /** What the key field holds: the reader's key, a sandbox personal or demo key, or nothing. */
  key: KeyInField;
  /** The plan whose personal key the sandbox is being asked for, while it is. */
  issuing?: string | undefined;
  /** Why the sandbox gave no personal key, when it did not. */
  keyProblem?: string | undefined;
  /**
   * The server the last request got no answer from (`sandbox`: it is the sandbox; `hosted`: a hosted one, which
   * the visitor cannot start).
   */
  unreachable?: { server: string; sandbox: boolean; hosted: boolean } | undefined;
  /**
   * Set when the local sandbox did not answer as the console opened, so the console chose `instead` (the
   * description's first other server): said in the panel, never done silently.
   */
  sandboxMissed?: { sandbox: string; instead: string | undefined } | undefined;
  /** Whether the server chosen in the console is the sandbox. */
  onSandbox: boolean;
  remembered: boolean;
  summary: ResponseSummary | undefined;
}

export interface KeyActions {
  remember(on: boolean): void;
  clear(): void;
  /** Puts the sandbox's key for `plan` (personal, else demo) into the key field. */
  usePlan(plan: string): void;
}

const localTime = (at: Date) =>
  at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const localDateTime = (at: Date) =>
  at.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });

export const RequestNotes = defineComponent({
  name: 'PortalRequestNotes',
  props: {
    target: { type: Object as PropType<ConsoleTarget>, required: true },
    state: { type: Object as PropType<ConsoleState>, required: true },
    actions: { type: Object as PropType<KeyActions>, required: true },
  },
  setup(props) {
    return () => {
      const { target, state, actions } = props;
      const parts: VNode[] = [];
      // Here rather than beside the response: Scalar shows no plugin there when a request got no response.
      if (state.unreachable) parts.push(unreachableNote(state.unreachable));
      if (state.sandboxMissed && !state.onSandbox) parts.push(sandboxMissedNote(state.sandboxMissed));
      const deprecation = target.deprecation;
      if (deprecation) {
        parts.push(
          h('p', { class: 'pst-console-warning', role: 'note' }, [
            h('strong', 'Deprecated. '),
            deprecation.sunset
              ? [
                  'This operation stops working on ',
                  h('time', { datetime: isoDate(deprecation.sunset) }, humanDate(deprecation.sunset)),
                  '. ',
                ]
              : 'This operation may be removed in a future version. ',
            deprecation.successor
              ? ['Use ', h('a', { href: deprecation.successor.url }, deprecation.successor.title), ' instead.']
              : '',
          ]),
        );
      }
      if (target.apiKeyScheme) {
        const key = state.key;
        const onSandbox = state.onSandbox && key.source !== 'reader';
        const issuerPlans = onSandbox ? (target.sandbox?.keyIssuer?.plans ?? []) : [];
        const demoPlans = onSandbox ? (target.sandboxDemoKeys ?? []).map((k) => k.plan) : [];
        // The plan switch: one toggle button per plan the sandbox has keys on, the one in the field pressed.
        const plans = (label: string, names: string[]) =>
          h(
            'span',
            { role: 'group', 'aria-label': label, class: 'pst-console-plans' },
            names.map((plan) =>
              h(
                'button',
                {
                  type: 'button',
                  'aria-pressed': String((key.source === 'demo' || key.source === 'personal') && key.plan === plan),
                  onClick: () => actions.usePlan(plan),
                },
                plan,
              ),
            ),
          );
        const about =
          key.source === 'reader'
            ? state.remembered
              ? 'Your API key is remembered on this device and sent only to the server chosen above.'
              : 'Your API key is kept for this tab only and sent only to the server chosen above.'
            : state.issuing
              ? `Getting a sandbox key of your own on the ${state.issuing} plan…`
              : key.source === 'personal'
                ? [
                    `Using a sandbox key made for you on the ${key.plan} plan (`,
                    h('code', key.key),
                    '): its data is yours alone, and it is kept for this tab until ',
                    h('time', { datetime: key.expiresAt }, localDateTime(new Date(key.expiresAt))),
                    '. Switch plan: ',
                    plans('Sandbox plans', issuerPlans),
                  ]
                : key.source === 'demo'
                  ? [
                      `Using the sandbox's ${key.plan} demo key (`,
                      h('code', key.key),
                      '). Switch plan: ',
                      plans('Sandbox demo keys', demoPlans),
                    ]
                  : demoPlans.length > 0
                    ? [
                        'Enter your API key under Authentication, or use a sandbox demo key: ',
                        plans('Sandbox demo keys', demoPlans),
                      ]
                    : target.authenticationGuideUrl
                      ? [
                          'Enter your API key under Authentication; it is reused on every operation in this tab. No key yet? See the ',
                          h('a', { href: target.authenticationGuideUrl }, 'Authentication guide'),
                          '.',
                        ]
                      : ['Enter your API key under Authentication; it is reused on every operation in this tab.'];
        if (state.keyProblem && onSandbox && key.source === 'none') {
          parts.push(h('p', { class: 'pst-console-warning', role: 'alert' }, state.keyProblem));
        }
        parts.push(
          h('div', { class: 'pst-console-key' }, [
            h('p', about),
            h('label', [
              h('input', {
                type: 'checkbox',
                checked: state.remembered,
                onChange: (event: Event) => actions.remember((event.target as HTMLInputElement).checked),
              }),
              ' Remember on this device',
            ]),
            h(
              'button',
              { type: 'button', disabled: key.source !== 'reader', onClick: () => actions.clear() },
              'Clear API key',
            ),
          ]),
        );
      }
      return h('section', { class: 'pst-console-notes', 'aria-label': 'About this request' }, parts);
    };
  },
});

export const ResponseNotes = defineComponent({
  name: 'PortalResponseNotes',
  props: {
    state: { type: Object as PropType<ConsoleState>, required: true },
  },
  setup(props) {
    const now = ref(Date.now());
    const timer = setInterval(() => (now.value = Date.now()), 1000);
    onBeforeUnmount(() => clearInterval(timer));
    return () => {
      const summary = props.state.summary;
      if (!summary) return null;
      const parts: VNode[] = [];
      if (summary.rateLimit.length > 0) {
        parts.push(
          h('table', [
            h('caption', 'Rate limit'),
            h('thead', h('tr', [h('th', { scope: 'col' }, 'Header'), h('th', { scope: 'col' }, 'Value')])),
            h(
              'tbody',
              summary.rateLimit.map((line) =>
                h('tr', [
                  h('th', { scope: 'row' }, line.name),
                  h('td', [
                    line.value,
                    line.at
                      ? [' (', h('time', { datetime: line.at.toISOString() }, localTime(line.at)), ' local time)']
                      : '',
                  ]),
                ]),
              ),
            ),
          ]),
        );
      }
      if (summary.retryAt) {
        const left = secondsLeft(summary.retryAt, new Date(now.value));
        parts.push(
          h('p', { class: 'pst-console-warning', role: 'status' }, [
            `${summary.status === 429 ? 'Too many requests: a' : 'A'} retry is allowed at `,
            h('time', { datetime: summary.retryAt.toISOString() }, localTime(summary.retryAt)),
            '.',
          ]),
          h(
            'p',
            { role: 'timer', 'aria-live': 'off' },
            left > 0 ? `Retry-After: ${left} s left` : 'You can retry now.',
          ),
        );
      }
      if (summary.missing.length > 0) {
        parts.push(
          h('p', [
            "Documented for this status but not in the browser's view: ",
            summary.missing.map((name, i) => [i > 0 ? ', ' : '', h('code', name)]),
            '. Either the server did not send them, or it sent them and CORS does not expose them to this page.',
          ]),
        );
      }
      return h('section', { class: 'pst-console-notes', 'aria-label': 'Rate limit and headers' }, parts);
    };
  },
});

/** Why requests do not go to the sandbox: it did not answer when the console opened. */
function sandboxMissedNote({ sandbox, instead }: NonNullable<ConsoleState['sandboxMissed']>): VNode {
  return h('p', { class: 'pst-console-warning', role: 'note' }, [
    h('strong', `The sandbox at ${sandbox} did not answer, `),
    instead ? `so requests go to ${instead}, the server chosen above. ` : 'so no server is chosen above. ',
    'Start the sandbox with ',
    h('code', 'npm run sandbox'),
    ' (',
    h('code', 'npm run dev'),
    ' starts it) and choose it under Server, or reload the page.',
  ]);
}

/**
 * Said in place of the browser's bare "Failed to fetch": which server, what may be wrong, what to do. A hosted
 * sandbox's visitors can only wait for it (nothing on their side starts it); a local one is the reader's own.
 */
function unreachableNote({ server, sandbox, hosted }: NonNullable<ConsoleState['unreachable']>): VNode {
  if (sandbox && hosted) {
    return h('div', { class: 'pst-console-unreachable' }, [
      h('p', { class: 'pst-console-warning', role: 'alert' }, [
        h('strong', `The sandbox at ${server} did not answer. `),
        'It is unavailable just now.',
      ]),
      h('p', 'Try again later.'),
    ]);
  }
  const what = sandbox ? 'The sandbox' : 'The server';
  return h('div', { class: 'pst-console-unreachable' }, [
    h('p', { class: 'pst-console-warning', role: 'alert' }, [
      h('strong', `${what} at ${server} did not answer. `),
      'The request got no answer the browser would show this page. Likely: your connection is offline; ',
      sandbox ? 'the sandbox is stopped or not deployed at this address; ' : 'no server is deployed at this address; ',
      'or it does not allow requests from this page (CORS).',
    ]),
    h(
      'p',
      sandbox
        ? [
            'Try again in a moment. Running the portal yourself? Start the sandbox with ',
            h('code', 'npm run sandbox'),
            ', or choose another server above.',
          ]
        : "Check the address under Server above and that the server is running; if it is, it must allow this page's origin (CORS). The browser's console (developer tools) shows which.",
    ),
  ]);
}
