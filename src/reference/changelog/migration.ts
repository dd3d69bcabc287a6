/**
 * The way across a major step: every breaking change between an earlier major's last release and the next
 * published version, from the same diff as the gate and the changelog (changes/api-changes.ts), each with what a
 * client has to do and the pages it concerns in both versions. Pure data; no Astro imports.
 */
import type { ApiChange } from '../../changes/api-changes.ts';
import { type ApiModel, operationById } from '../../openapi/index.ts';
import { operationTitle, referenceUrls } from '../routes.ts';
import { code, inline, inlineRun } from '../twins/markdown-text.ts';
import { apiBaseOfVersion, matchingOperation, type ReferenceVersion } from '../versions.ts';
import { changelogPathsAt, summaryParts } from './changelog-sections.ts';

/** What one breaking change asks of a client. */
export interface MigrationItem {
  /** What it touches: the operation's title, the model's name. */
  label: string;
  /** `DELETE /plants/{plantId}`, for an operation. */
  call?: string;
  /** The change, in the changelog's words. */
  summary: string;
  /** What to do about it. */
  action: string;
  /** Its page in the earlier version, and in the later one, where there is one. */
  before?: string;
  after?: string;
}

export interface MigrationStep {
  from: ReferenceVersion;
  to: ReferenceVersion;
  items: MigrationItem[];
}

/** One operation's or model's breaking changes, in the diff's order: a section of the page. */
export interface MigrationGroup {
  /** An id for its heading, unique on the page. */
  id: string;
  label: string;
  call?: string;
  items: MigrationItem[];
}

export function migrationGroups(step: MigrationStep): MigrationGroup[] {
  const byTarget = new Map<string, MigrationGroup>();
  for (const item of step.items) {
    const key = `${item.label} ${item.call ?? ''}`;
    const group = byTarget.get(key) ?? {
      id: `change-${byTarget.size + 1}`,
      label: item.label,
      ...(item.call ? { call: item.call } : {}),
      items: [],
    };
    group.items.push(item);
    byTarget.set(key, group);
  }
  return [...byTarget.values()];
}

/** The page as Markdown, for its twin: the same sections and sentences, the description's words escaped. */
export function migrationMarkdown(step: MigrationStep, title: string): string {
  const { from, to } = step;
  const lines = [
    `# ${inline(title)}`,
    '',
    `Every change from ${from.version}, the last ${from.label} release, to ${to.version} that can break a client written for ${from.label}, with what to do about it.`,
  ];
  const groups = migrationGroups(step);
  if (groups.length === 0)
    lines.push('', `Nothing: a client written for ${from.version} works with ${to.version} as it is.`);
  for (const group of groups) {
    lines.push('', `## ${inline(group.label)}`, '');
    if (group.call) lines.push(code(group.call), '');
    for (const item of group.items) {
      const links = [
        item.before ? `[In ${from.label}](${item.before})` : '',
        item.after ? `[In ${to.label}](${item.after})` : '',
      ].filter(Boolean);
      const summary = summaryParts(item.summary)
        .map((part) => (part.code ? code(part.text) : inlineRun(part.text)))
        .join('');
      lines.push(`- ${summary}. ${inline(item.action)}${links.length > 0 ? ` ${links.join(' · ')}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The page's title; in a site of several APIs it names the API (`apiTitle`), as two APIs may each have a 1.x:
 * "Migrating the Pet Store API from 1.x to 2.0.0".
 */
export const migrationTitle = (step: MigrationStep, apiTitle?: string) =>
  `Migrating ${apiTitle === undefined ? '' : `the ${apiTitle} `}from ${step.from.label} to ${step.to.version}`;

/**
 * Where the page on moving from the earlier major `from` is, beside its API's changelog: `/changelog/from-1.x/`,
 * `/reference/<id>/changelog/from-1.x/` in a site of several (from the site's root: `sitePath` adds its base path).
 */
export const migrationPath = (from: ReferenceVersion) => changelogPathsAt(apiBaseOfVersion(from)).migration(from.label);

export function migrationStep(
  from: { version: ReferenceVersion; model: ApiModel },
  to: { version: ReferenceVersion; model: ApiModel },
  changes: readonly ApiChange[],
): MigrationStep {
  const items = changes
    .filter((change) => change.class === 'breaking')
    .map((change) => migrationItem(change, from.model, to.model, to.version.version));
  return { from: from.version, to: to.version, items };
}

function migrationItem(change: ApiChange, before: ApiModel, after: ApiModel, to: string): MigrationItem {
  if (change.operation) {
    const call = `${change.operation.method} ${change.operation.path}`;
    const was = matchingOperation(before, change.operation);
    const is = matchingOperation(after, change.operation);
    const successor = was && !is ? operationById(after, was.deprecation?.successor) : undefined;
    const pages = {
      ...(was ? { before: referenceUrls(before).operation(was) } : {}),
      ...(is
        ? { after: referenceUrls(after).operation(is) }
        : successor
          ? { after: referenceUrls(after).operation(successor) }
          : {}),
    };
    const label = was ? operationTitle(was) : is ? operationTitle(is) : (change.operation.operationId ?? call);
    const action =
      change.subject === 'operation' && change.action === 'remove'
        ? is
          ? `It moved: call ${is.method.toUpperCase()} ${is.path} instead.`
          : successor
            ? `Call ${operationTitle(successor)} (${successor.method.toUpperCase()} ${successor.path}) instead.`
            : `Stop calling it: ${to} has no such operation.`
        : actionFor(change, to);
    return { label, call, summary: change.summary, action, ...pages };
  }
  const model = change.model;
  const pages = model
    ? {
        ...(referenceUrls(before).schema(model) ? { before: referenceUrls(before).schema(model) as string } : {}),
        ...(referenceUrls(after).schema(model) ? { after: referenceUrls(after).schema(model) as string } : {}),
      }
    : {};
  return { label: model ?? 'The description', summary: change.summary, action: actionFor(change, to), ...pages };
}

/** What a client does about a breaking change, by what it touches. */
function actionFor(change: ApiChange, to: string): string {
  switch (change.subject) {
    case 'parameter':
      return change.action === 'remove' ? 'Stop sending it.' : `Send it as ${to} describes it.`;
    case 'request body':
      return `Send the body as ${to} describes it.`;
    case 'response':
      return change.action === 'remove'
        ? 'Stop reading it: the response no longer has it.'
        : `Read the response as ${to} describes it.`;
    case 'model':
      return `Update your client's ${change.model ?? 'model'} to ${to}'s.`;
    default:
      return `Update your client to ${to}'s description.`;
  }
}
