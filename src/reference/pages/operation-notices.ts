/**
 * What an operation page says about the operation itself, in words: its badges, its callouts (deprecation,
 * stability, webhook, callback) and the credentials it takes. Part of its outline (`operation-outline.ts`), so that
 * the page (`OperationView.astro`) and its Markdown twin (`operation-markdown.ts`) say the same sentences, each
 * written once here.
 */
import type { ApiModel, ApiOperation } from '../../openapi/index.ts';
import { badgeExplanation, badgeLabel } from '../shared/badges.ts';
import { sunsetStatus } from '../shared/deprecation.ts';
import { callbackDestination, type Phrase } from '../shared/runtime-expressions.ts';
import type { OperationItem } from './operation-items.ts';

/** A sentence's parts: text, names as code, links, and a date. */
export type Words = readonly (Phrase | { link: string; href: string } | { time: string; datetime: string })[];

/** A badge beside the operationId, with Starlight's look for it. */
export interface OperationBadgeText {
  text: string;
  variant: 'tip' | 'caution' | 'danger' | 'note';
}

/** A callout under the operation's header. */
export interface OperationNotice {
  kind: 'deprecation' | 'stability' | 'webhook' | 'callback';
  /** Its look on the page (Starlight's aside types). */
  type: 'danger' | 'caution' | 'note';
  title: string;
  words: Words;
}

/** The credentials an operation takes: the Authentication section's sentences. */
export interface OperationCredentials {
  /** Set when no requirement names a scheme: all the section says. */
  none?: string;
  /** Said before the requirements where it accepts any one of several. */
  lead?: string;
  /** Each requirement it accepts: the schemes it needs together, each in words, or, where it needs none, that. */
  requirements: ({ schemes: Words[] } | { withoutCredentials: Words })[];
}

/** The operation's badges: Webhook or Callback, then its stability level. */
export function operationBadges(operation: ApiOperation): OperationBadgeText[] {
  return [
    ...(operation.webhook ? [{ text: 'Webhook', variant: 'tip' as const }] : []),
    ...(operation.callback ? [{ text: 'Callback', variant: 'tip' as const }] : []),
    ...(operation.badge ? [badgeLabel(operation.badge)] : []),
  ];
}

/**
 * The operation's callouts, in the page's order: its deprecation (since when, its sunset with the time left as of
 * `now`, its successor), what its stability level promises, and who sends a webhook or callback.
 */
export function operationNotices(
  model: ApiModel,
  operation: ApiOperation,
  { successor, trigger }: { successor: OperationItem | undefined; trigger: OperationItem | undefined },
  now: Date,
): OperationNotice[] {
  const method = operation.method.toUpperCase();
  const answer =
    '. Your server receives the payload below and answers with one of the responses listed; there is nothing to send from here.';
  const notices: OperationNotice[] = [];
  const { badge, deprecation } = operation;
  if (badge?.kind === 'deprecated') {
    const sunset = deprecation?.sunset ? sunsetStatus(deprecation.sunset, now) : undefined;
    notices.push({
      kind: 'deprecation',
      type: 'danger',
      title: 'Deprecated',
      words: [
        ...(deprecation?.since ? [{ text: `Deprecated since ${deprecation.since}. ` }] : []),
        ...(sunset
          ? [
              { text: sunset.passed ? 'It stopped working on ' : 'It stops working on ' },
              { time: sunset.text, datetime: sunset.datetime },
              { text: ` (sunset ${sunset.relative}, as of this build).` },
            ]
          : [{ text: 'It may be removed in a future version.' }]),
        ...(successor
          ? [
              { text: ' Use ' },
              { link: successor.title, href: successor.href },
              { text: ' (' },
              { code: `${successor.method} ${successor.path}` },
              { text: ') instead.' },
            ]
          : []),
      ],
    });
  }
  if (badge?.kind === 'experimental' || badge?.kind === 'beta') {
    notices.push({
      kind: 'stability',
      type: badge.kind === 'experimental' ? 'caution' : 'note',
      title: badgeLabel(badge).text,
      words: [{ text: badgeExplanation(badge) }],
    });
  }
  if (operation.webhook) {
    notices.push({
      kind: 'webhook',
      type: 'note',
      title: 'Webhook: the API calls you',
      words: [
        { text: `${model.info.title} sends this ${method} request to the URL you give it for the ` },
        { code: operation.path },
        { text: ` webhook${answer}` },
      ],
    });
  }
  if (operation.callback) {
    notices.push({
      kind: 'callback',
      type: 'note',
      title: 'Callback: the API calls you back',
      words: [
        { text: 'After ' },
        trigger ? { link: trigger.title, href: trigger.href } : { code: operation.callback.after },
        { text: `, ${model.info.title} sends this ${method} request to ` },
        ...callbackDestination(operation.callback.url),
        { text: answer },
      ],
    });
  }
  return notices;
}

/**
 * What credentials the operation takes: each security requirement it accepts (any one of them), each naming the
 * schemes it needs together, linked to where the introduction (`introduction`, its URL) says how to get each.
 */
export function operationCredentials(operation: ApiOperation, introduction: string): OperationCredentials {
  if (operation.security.every((requirement) => requirement.schemes.length === 0)) {
    return { none: 'No authentication: this operation can be called without credentials.', requirements: [] };
  }
  return {
    ...(operation.security.length > 1 ? { lead: 'Any one of these:' } : {}),
    requirements: operation.security.map((requirement) =>
      requirement.schemes.length === 0
        ? { withoutCredentials: [{ text: 'Without credentials: this operation also answers calls that send none' }] }
        : {
            schemes: requirement.schemes.map(({ scheme, scopes }, i): Words => {
              const and = i > 0 ? ', and ' : '';
              if (scheme.apiKey) {
                const where = scheme.apiKey.in === 'query' ? 'query parameter' : scheme.apiKey.in;
                return [
                  { text: `${and}${i > 0 ? 'send' : 'Send'} your API key in the ` },
                  { code: scheme.apiKey.name },
                  { text: ` ${where} (` },
                  { link: scheme.key, href: `${introduction}#authentication` },
                  { text: ')' },
                ];
              }
              return [
                { text: `${and}${scheme.key}: ${scheme.type}${scheme.httpScheme ? ` (${scheme.httpScheme})` : ''}` },
                ...(scopes.length > 0
                  ? [
                      { text: ', with the scopes ' },
                      ...scopes.flatMap((scope, j) => [...(j > 0 ? [{ text: ', ' }] : []), { code: scope }]),
                    ]
                  : []),
                { text: ' (' },
                { link: 'how to get one', href: `${introduction}#scheme-${scheme.key}` },
                { text: ')' },
              ];
            }),
          },
    ),
  };
}
