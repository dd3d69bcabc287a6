/**
 * What the components the MDX pages embed (the guides, the home page) show, worked out from the model: each a plain
 * value the component only renders, so that no view knows the model's shape. MDX cannot hand its components props
 * from the page, so they read these through one accessor (`data/guide-facts.ts`). Each fact is worked out when it
 * is read, so a page works out only those it shows.
 */
import {
  type ApiDemoKey,
  type ApiHeader,
  type ApiModel,
  type ApiRatePlan,
  operationById,
  sandboxDemoKeys,
  sandboxServer,
  slugify,
} from '../openapi/index.ts';
import { type ErrorCatalogOutline, errorCatalogOutline } from '../reference/pages/errors-outline.ts';
import { type SandboxSection, sandboxOutline } from '../reference/pages/introduction-outline.ts';
import { type HeaderRow, headerType } from '../reference/pages/operation-outline.ts';
import { operationTitle, referenceUrls } from '../reference/routes.ts';
import { badgeExplanation } from '../reference/shared/badges.ts';
import { type SunsetStatus, sunsetStatus } from '../reference/shared/deprecation.ts';
import { deprecatedOperations, operationsAtLevel } from '../reference/site-lists/guide-lists.ts';
import { guideSandbox, withSandboxAddress } from '../site/sandbox-address.ts';
import { type RateLimitFigure, rateLimitFigure } from './rate-limit-figure.ts';

/** An operation as a guide links it. */
export interface OperationLink {
  title: string;
  href: string;
  /** "GET /pets/{petId}" */
  request: string;
}

export interface DeprecatedRow {
  operation: OperationLink;
  since: string | undefined;
  sunset: SunsetStatus | undefined;
  successor: OperationLink | undefined;
}

export interface StabilityLevel {
  label: 'Experimental' | 'Beta';
  promise: string;
  /** The operations at the level, named up to a bound (reference/site-lists/guide-lists.ts), and how many more. */
  shown: OperationLink[];
  more: number;
}

export interface SecuritySchemeSection {
  id: string;
  title: string;
  /** Where an API key is sent: its name, and "header", "query parameter" or "cookie". */
  apiKey?: { name: string; where: string };
  description: string | undefined;
}

/** The description itself: what it is called, its versions, and where its YAML downloads. */
export interface DescriptionFacts {
  title: string;
  version: string;
  openapi: string;
  /** The YAML download's file name (`openapi.yaml`, or its gzip copy for a large one). */
  download: string;
}

export interface GuideFacts {
  /** The deprecated operations, soonest sunset first, up to a bound, and how many more. */
  deprecated: { rows: DeprecatedRow[]; more: number };
  stabilityLevels: StabilityLevel[];
  /** Operations a plan must include (`x-required-plan`), with the plan. */
  planRestrictions: { operation: OperationLink; plan: string }[];
  securitySchemes: SecuritySchemeSection[];
  errorCatalog: ErrorCatalogOutline;
  rateLimitFigure: RateLimitFigure | undefined;
  /** The plans and their limits (`x-rate-limits`), lowest first; none without limits. */
  ratePlans: ApiRatePlan[] | undefined;
  demoKeys: ApiDemoKey[];
  /** The sandbox readers are sent to: the hosted one in a build with one, else the description's local one. */
  sandbox: { url: string; hosted: boolean } | undefined;
  /** The sandbox section, as the home page shows it. */
  sandboxSection: SandboxSection | undefined;
  /** The description's servers, as written, with their descriptions. */
  servers: { url: string; description: string | undefined }[];
  description: DescriptionFacts;
  /** A runnable sample with the description's local sandbox address replaced by the one readers are sent to. */
  sandboxSample(code: string): string;
  /**
   * The rows of response headers the description documents, by name: from any operation's responses, or from a
   * deprecated operation's success (the Deprecation and Sunset headers).
   */
  headerRows(names: readonly string[], from: 'any' | 'deprecated'): HeaderRow[];
}

export interface GuideContext {
  /** When the build runs: a sunset is "in 220 days" from it. */
  now: Date;
  /** `astro dev`: the guides send readers to the local sandbox. */
  dev: boolean;
  /** The YAML download's file name (`site/description-files.ts`). */
  download: string;
}

export function guideFacts(model: ApiModel, context: GuideContext): GuideFacts {
  const urls = referenceUrls(model);
  const link = (operation: (typeof model.operations)[number]): OperationLink => ({
    title: operationTitle(operation),
    href: urls.operation(operation),
    request: `${operation.method.toUpperCase()} ${operation.path}`,
  });
  const sandbox = () => guideSandbox(model, context.dev);
  return {
    get deprecated() {
      const { shown, more } = deprecatedOperations(model);
      const rows = shown.map((operation): DeprecatedRow => {
        const sunset = operation.deprecation?.sunset;
        const successor = operationById(model, operation.deprecation?.successor);
        return {
          operation: link(operation),
          since: operation.deprecation?.since,
          sunset: sunset ? sunsetStatus(sunset, context.now) : undefined,
          successor: successor && link(successor),
        };
      });
      return { rows, more };
    },
    get stabilityLevels() {
      return (['experimental', 'beta'] as const).map((kind): StabilityLevel => {
        const { shown, more } = operationsAtLevel(model, kind);
        return {
          label: kind === 'experimental' ? 'Experimental' : 'Beta',
          promise: badgeExplanation({ kind }),
          shown: shown.map(link),
          more,
        };
      });
    },
    get planRestrictions() {
      return model.operations.flatMap((operation) =>
        operation.requiredPlan ? [{ operation: link(operation), plan: operation.requiredPlan }] : [],
      );
    },
    get securitySchemes() {
      return model.securitySchemes.map(
        (scheme): SecuritySchemeSection => ({
          id: `scheme-${scheme.key}`,
          title: scheme.apiKey ? 'The API key' : scheme.key,
          ...(scheme.apiKey && {
            apiKey: {
              name: scheme.apiKey.name,
              where: scheme.apiKey.in === 'query' ? 'query parameter' : scheme.apiKey.in,
            },
          }),
          description: scheme.description,
        }),
      );
    },
    get errorCatalog() {
      return errorCatalogOutline(model, model.errorCodes);
    },
    get rateLimitFigure() {
      return rateLimitFigure(model);
    },
    get ratePlans() {
      return model.rateLimits?.plans;
    },
    get demoKeys() {
      return sandboxDemoKeys(model);
    },
    get sandbox() {
      return sandbox();
    },
    get sandboxSection() {
      return sandboxOutline(model, sandbox());
    },
    get servers() {
      return model.servers.map((server) => ({ url: server.url, description: server.description }));
    },
    get description() {
      return {
        title: model.info.title,
        version: model.info.version,
        openapi: model.openapi,
        download: context.download,
      };
    },
    sandboxSample: (code) => withSandboxAddress(code, sandboxServer(model)?.url, sandbox()?.url),
    headerRows: (names, from) => {
      const operations = from === 'deprecated' ? model.operations.filter((o) => o.deprecation) : model.operations;
      const responses = operations
        .flatMap((o) => o.responses)
        .filter((r) => from === 'any' || r.status.startsWith('2'));
      return names.flatMap((name): HeaderRow[] => {
        // The first response documenting a header is as good as any: they share one component.
        const header = responses.flatMap((r) => r.headers).find((h: ApiHeader) => h.name === name);
        return header
          ? [{ header, anchor: `header-${slugify(header.name)}`, type: headerType(model.schemaResolver, header) }]
          : [];
      });
    },
  };
}
