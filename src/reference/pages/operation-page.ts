/**
 * An operation (or a webhook, or a callback): its call, what to send, what comes back, with samples and Try it
 * where this build and version can serve it.
 */
import type { ConsoleTarget } from '../../contracts/console-target.ts';
import type { ApiOperation, ApiTag } from '../../openapi/index.ts';
import { type ConsoleSandbox, consoleSandbox } from '../../site/console-sandbox.ts';
import type { PageHistory } from '../changelog/changelog-sections.ts';
import { operationTitle, referencePaths, referenceUrls, routePath } from '../routes.ts';
import { operationMarkdown } from '../twins/operation-markdown.ts';
import { matchingOperation, removalOf, tryItOnEarlierMajor } from '../versions.ts';
import { consoleTarget, tryItWhereServed } from './console-target.ts';
import { type OperationOutline, operationOutline, outlineHeadings } from './operation-outline.ts';
import { asPageHeadings, historyOn, type PageContext, type PageKind, type PageRoute } from './page-kind.ts';

export interface OperationRoute extends PageRoute {
  type: 'operation';
  operation: ApiOperation;
  /** The tag it is listed under: its first. */
  tag: ApiTag;
}

export interface OperationViewProps {
  /** The operation as its page shows it: Try it as this build and version can serve it. */
  operation: ApiOperation;
  outline: OperationOutline;
  /** What Try it opens the console on, where the operation has it. */
  consoleTarget: ConsoleTarget | undefined;
  schemaHref: (name: string) => string | undefined;
  history: PageHistory;
}

export const operationPage: PageKind<
  OperationRoute,
  OperationOutline,
  { operationId: string; method: string; path: string },
  OperationViewProps
> = {
  // An operation with several tags has one page, under its first tag.
  routes: (model) => {
    const urls = referencePaths(model);
    const tagByName = new Map(model.tags.map((t) => [t.name, t]));
    return model.operations.flatMap((operation) => {
      const tag = tagByName.get(operation.tags[0] ?? '');
      if (!tag) return [];
      const path = routePath(urls.operation(operation));
      return [{ type: 'operation' as const, path, title: operationTitle(operation), operation, tag }];
    });
  },
  outline: (model, route) => operationOutline(model, route.operation),
  headings: (outline) => asPageHeadings(outlineHeadings(outline)),
  view: async (route, outline, context) => {
    const { model, inputs, authenticationGuide } = context;
    const sandbox = consoleSandbox(model, { dev: inputs.dev });
    const operation = await shownOperation(route.operation, sandbox, context);
    return {
      operation,
      outline,
      consoleTarget: operation.tryIt.enabled
        ? consoleTarget(model, operation, sandbox, authenticationGuide, { passThrough: inputs.passThrough })
        : undefined,
      schemaHref: (name) => referenceUrls(model).schema(name),
      history: historyOn(context, context.changelog?.operations.get(route.operation.pointer)),
    };
  },
  twin: (model, route) => operationMarkdown(model, route.operation),
  subject: ({ operation: { operationId, method, path } }) => ({ operationId, method, path }),
  pageAbout: (model, subject) => {
    const operation = matchingOperation(model, subject);
    return operation ? referenceUrls(model).operation(operation) : undefined;
  },
  summary: (_model, { operation }) => ({
    lead: `${operation.method.toUpperCase()} ${operation.path} — `,
    markdown: operation.description,
  }),
  frontmatter: () => ({ pageLayout: 'operation' }),
  sidebarFocus: ({ operation }) => ({ openTags: operation.tags, operationId: operation.operationId }),
  removal: ({ operation }, { reading, current, currentPage, changelog }) =>
    reading.version.current || currentPage
      ? undefined
      : removalOf(operation, reading.version.version, current.model, changelog),
};

/**
 * The operation as its page shows it, and where Try it sends it. The sandbox implements the current description: on
 * an earlier major, Try it only for what the current one has unchanged. `npm run dev` calls the local sandbox; a
 * build, the hosted one when SANDBOX_URL names it. Where the console would have nothing to call (no sandbox, no
 * server with a host), Try it is off and the page says why.
 */
async function shownOperation(
  operation: ApiOperation,
  sandbox: ConsoleSandbox | undefined,
  { reading, current, currentPage, inputs }: PageContext,
): Promise<ApiOperation> {
  const shown = reading.version.current
    ? operation
    : {
        ...operation,
        tryIt: tryItOnEarlierMajor(operation, {
          current: current.version.version,
          unchanged: (await inputs.unchangedInCurrent(reading.model)).has(operation.pointer),
          inCurrent: currentPage !== undefined,
        }),
      };
  const served = tryItWhereServed(shown, sandbox);
  return served === shown.tryIt ? shown : { ...shown, tryIt: served };
}
