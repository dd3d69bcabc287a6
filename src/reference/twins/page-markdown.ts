/**
 * The Markdown twins of the reference's other pages (the introduction, tags, the models index, models and the
 * error catalog; operations: `operation-markdown.ts`), each with the headings its HTML page has. Pure: the caller
 * gives what the model cannot (the download files), and everything from the description goes through
 * `markdown-text.ts`.
 */
import { type ApiModel, type ApiSchema, tagByName } from '../../openapi/index.ts';
import { markdownToText } from '../../render/markdown.ts';
import { type ErrorRow, errorCatalogOutline, returnersLead } from '../pages/errors-outline.ts';
import {
  type BuildSandbox,
  introductionOutline,
  type SandboxSection,
  type TagItem,
} from '../pages/introduction-outline.ts';
import { modelOutline } from '../pages/model-outline.ts';
import { modelsIndexOutline } from '../pages/models-index-outline.ts';
import type { OperationItem } from '../pages/operation-items.ts';
import { tagOutline } from '../pages/tag-outline.ts';
import { type ModelsIndexPage, type ReferenceRoute, referenceUrls } from '../routes.ts';
import { fieldTreeLines } from './field-markdown.ts';
import {
  code,
  type DescriptionToPlace,
  descriptionMarkdown,
  fence,
  inline,
  link,
  placingParses,
} from './markdown-text.ts';

/** What the introduction shows beyond the model: the downloads (by site path) and the build's sandbox. */
export interface TwinInputs {
  downloads: { name: string; path: string; note: string }[];
  /** The sandbox readers are sent to: hosted (the build's SANDBOX_URL), or the local one (its keys are the model's). */
  sandbox?: BuildSandbox;
}

/**
 * The descriptions the reference pages' twins place with `descriptionMarkdown` (each with its highest heading), in
 * the order the full text comes to them (`llms-full.ts`: each group's tags, a tag's overview before its operations,
 * then the models), those that take a parse only: what a build places ahead of time in another thread. One the
 * list misses is placed when its twin is made, as without the list.
 */
export function twinDescriptions(model: ApiModel): DescriptionToPlace[] {
  const texts: DescriptionToPlace[] = [];
  const add = (markdown: string | undefined, highestHeading: number) => {
    if (markdown && placingParses(markdown)) texts.push({ markdown, highestHeading });
  };
  // Each operation's page is under its first tag (`operationPage`), where a tag of that name exists.
  const operationsOf = Map.groupBy(
    model.operations.filter((operation) => tagByName(model, operation.tags[0] ?? '')),
    (operation) => operation.tags[0] ?? '',
  );
  for (const name of model.tagGroups.flatMap((group) => group.tags)) {
    add(tagByName(model, name)?.description, 2);
    for (const operation of operationsOf.get(name) ?? []) {
      add(operation.description, 2);
      add(operation.requestBody?.description, 4);
    }
  }
  for (const schema of model.schemas) add(schema.schema.description, 2);
  return texts;
}

const join = (blocks: (string | undefined | false)[]) => `${blocks.filter(Boolean).join('\n\n')}\n`;

/** A list item linking an operation, as the pages' operation lists show it. */
function operationItem(operation: OperationItem): string {
  const badge = operation.badge ? ` (${operation.badge.kind})` : '';
  return `- ${link(operation.title, operation.href)}: ${code(`${operation.method} ${operation.path}`)}${badge}`;
}

export function introductionMarkdown(model: ApiModel, { downloads, sandbox }: TwinInputs): string {
  const outline = introductionOutline(model, sandbox);
  const { reading, groups, servers, authentication, rateLimits, about } = outline;
  const heading = (section: { title: string }, depth = 2) => `${'#'.repeat(depth)} ${inline(section.title)}`;
  const tagItem = (item: TagItem) => `- ${link(item.label, item.href)}${item.count}`;
  return join([
    `# ${inline(`${model.info.title} reference`)}`,
    inline(outline.meta),
    reading &&
      `${heading(reading)}\n\nEach operation page gives its method and path, then what to send (parameters, request body) and what comes back (responses, errors), with a sample request and response. Every page also exists as Markdown, at its URL plus \`.md\`.`,
    heading(outline.downloads),
    downloads.map((file) => `- ${link(file.name, file.path)} — ${inline(file.note)}`).join('\n'),
    groups && heading(groups),
    ...[...(groups?.groups ?? []), ...(groups?.ungrouped ? [groups.ungrouped] : [])].map((group) =>
      join([heading(group, 3), descriptionMarkdown(group.description), group.tags.map(tagItem).join('\n')]).trimEnd(),
    ),
    servers && heading(servers),
    servers?.servers
      .map(
        (server) =>
          `- ${code(server.url)}${server.description ? ` — ${inline(markdownToText(server.description))}` : ''}`,
      )
      .join('\n'),
    authentication && heading(authentication),
    authentication?.own && descriptionMarkdown(authentication.own.text, 3),
    ...(authentication?.schemes ?? []).map((scheme) =>
      join([
        heading(scheme, 3),
        scheme.apiKey && `An API key in the ${code(scheme.apiKey.name)} ${scheme.apiKey.where}.`,
        scheme.httpScheme &&
          `HTTP ${inline(scheme.httpScheme)} authentication: the credential goes in the \`Authorization\` header.`,
        scheme.openIdConnectUrl && `OpenID Connect: the provider is described at ${code(scheme.openIdConnectUrl)}.`,
        ...scheme.flows.map(
          (flow) =>
            `OAuth 2, ${inline(flow.label)} flow:${flow.urls.map(({ label, url }) => ` ${label} ${code(url)}.`).join('')}${flow.scopes.map((scope) => `\n- ${code(scope.name)}: ${inline(scope.description)}`).join('')}`,
        ),
        descriptionMarkdown(scheme.description),
      ]).trimEnd(),
    ),
    rateLimits && heading(rateLimits),
    rateLimits &&
      (rateLimits.own
        ? descriptionMarkdown(rateLimits.own.text, 3)
        : join([
            rateLimits.plans.length > 0 &&
              [
                '| Plan | Requests per minute | Requests per day |',
                '| --- | --- | --- |',
                ...rateLimits.plans.map(
                  (plan) =>
                    `| ${inline(plan.plan).replaceAll('|', '\\|')} | ${figure(plan.perMinute)} | ${figure(plan.perDay)} |`,
                ),
              ].join('\n'),
            `Every response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`. Over the limit, requests get \`429\` with \`Retry-After\` in seconds.${rateLimits.temporaryBan ? ` After ${rateLimits.temporaryBan.afterRejectedRequests} refused requests in one window, the next starts a ban of ${rateLimits.temporaryBan.minutes} minutes (${rateLimits.temporaryBan.status} ${code(rateLimits.temporaryBan.code)}).` : ''}`,
          ]).trimEnd()),
    heading(about),
    about.own && descriptionMarkdown(about.own.text, 3),
    outline.sandbox && sandboxMarkdown(outline.sandbox),
  ]);
}

/** A figure of a rate plan, as the page's table shows it. */
const figure = (n: number | 'custom') => (n === 'custom' ? 'custom' : n.toLocaleString('en-US'));

/** The introduction's (and the home page's) last section, as `SandboxNote.astro` words it, from the same outline. */
export function sandboxMarkdown(section: SandboxSection): string {
  const issuer = section.issuer;
  if (section.hosted) {
    return `## ${inline(section.title)}\n\nThe sandbox at ${code(section.url)} is a complete copy of the API with example data, where nothing you do touches real data. Press **Try it** on any operation page${issuer ? `: the console gets you a key of your own, kept for the tab. To call it from code, get a key with one request: ${link(issuer.title, issuer.href)}.` : '.'}`;
  }
  const keys = [
    '| Plan | Demo key | Requests per minute | Requests per day |',
    '| --- | --- | --- | --- |',
    ...section.demoKeys.map(
      (key) =>
        `| ${inline(key.plan).replaceAll('|', '\\|')} | ${code(key.key).replaceAll('|', '\\|')} | ${key.perMinute.toLocaleString('en-US')} | ${key.perDay.toLocaleString('en-US')} |`,
    ),
  ].join('\n');
  return `## ${inline(section.title)}\n\nRun \`npm run dev\` and the portal starts together with a sandbox of the API at ${code(section.url)}. It keeps its data in memory, seeded from the description's examples, and **resets every time it restarts**.${section.keyHeader ? ` Send one of these demo keys in the ${code(section.keyHeader)} header:` : ''}\n\n${keys}`;
}

/** A tag's overview, or one further page of its operations (`TagListingPage`), as its HTML page shows it. */
export function tagMarkdown(model: ApiModel, route: Extract<ReferenceRoute, { type: 'tag' }>): string {
  const { partOf, description, externalDocs, overview, operations } = tagOutline(
    model,
    route.tag,
    route.group,
    route.listing,
  );
  return join([
    `# ${inline(route.title)}`,
    partOf && `Part of ${inline(partOf)}.`,
    description && descriptionMarkdown(description.text, 2),
    externalDocs && `${inline(externalDocs.text)}: ${code(externalDocs.url)}`,
    overview && `More operations of ${link(overview.label, overview.href)}, whose overview describes them.`,
    operations && `## ${inline(operations.title)}`,
    operations?.pages &&
      [
        inline(operations.pages.caption),
        operations.pages.pages
          .map((page, i) => `${i + 1}. ${link(`${page.first} to ${page.last}`, page.href)}`)
          .join('\n'),
      ].join('\n\n'),
    operations?.operations.map(operationItem).join('\n'),
  ]);
}

export function modelsIndexMarkdown(model: ApiModel, title: string, index: ModelsIndexPage): string {
  const { pages, rows } = modelsIndexOutline(model, index);
  return join([
    `# ${inline(title)}`,
    pages &&
      [
        inline(pages.caption),
        pages.pages.map((page, i) => `${i + 1}. ${link(`${page.first} to ${page.last}`, page.href)}`).join('\n'),
      ].join('\n\n'),
    rows
      .map((row) => {
        const said = row.summary ? markdownToText(row.summary) : '';
        return `- ${link(row.name, row.href ?? '')} (${inline(row.typeLabel)})${said ? `: ${inline(said)}` : ''}`;
      })
      .join('\n'),
  ]);
}

export function schemaMarkdown(model: ApiModel, schema: ApiSchema): string {
  const urls = referenceUrls(model);
  const { fields, example, usedBy, ...outline } = modelOutline(model, schema);
  return join([
    `# ${inline(outline.name)}`,
    `Type: **${inline(outline.typeLabel)}**`,
    outline.constraints.length > 0 && outline.constraints.map(inline).join(' · '),
    descriptionMarkdown(outline.description, 2),
    `## ${inline(fields.title)}`,
    fieldTreeLines(fields.tree, (name) => urls.schema(name)).join('\n'),
    example && `## ${inline(example.title)}`,
    example && fence(example.json, 'json'),
    example?.shown && `${example.shown}; the description has the whole example.`,
    usedBy && `## ${inline(usedBy.title)}`,
    usedBy?.operations.map(operationItem).join('\n'),
    usedBy &&
      usedBy.total > usedBy.operations.length &&
      `… and ${usedBy.total - usedBy.operations.length} more operations (${usedBy.total} in all).`,
  ]);
}

export function errorsMarkdown(model: ApiModel): string {
  const { errorModel, columns, rows } = errorCatalogOutline(model, model.errorCodes);
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const returners = (row: ErrorRow) => {
    const by = row.returners;
    const links = by.kind === 'operations' ? by.operations : by.kind === 'tags' ? by.tags : [];
    return [
      returnersLead(by),
      links.map((to) => `${link(to.label, to.href)}${to.share ? ` (${to.share})` : ''}`).join(', '),
    ]
      .filter(Boolean)
      .join(' ');
  };
  return join([
    '# Errors',
    `Every error response has the same JSON body${errorModel ? ` (${link(errorModel.name, errorModel.href ?? '')})` : ''}: a machine-readable \`code\`, a human-readable \`message\` and the HTTP \`status\`. Branch on the code, not on the message.`,
    [
      `| ${columns.join(' | ')} |`,
      `|${' --- |'.repeat(columns.length)}`,
      ...rows.map(
        (row) =>
          `| ${cell(code(row.code))} | ${inline(row.status)} | ${cell(inline(markdownToText(row.meaning)))}${row.action ? ` **What to do:** ${cell(inline(markdownToText(row.action)))}` : ''} | ${cell(returners(row))} |`,
      ),
    ].join('\n'),
  ]);
}
