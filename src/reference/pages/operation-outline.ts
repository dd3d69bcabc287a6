/**
 * The operation page's outline: its sections in reading order, with their
 * ids and titles, what each shows, and the field trees and header anchors
 * planned for them. The view renders it and the table of contents is derived
 * from it, so the two cannot disagree about which sections a page has.
 *
 * The plan follows what a developer scans for: a request sample and a
 * response example per status (the sample pane), then the request's parts,
 * then the outcomes (success and redirect responses in full) and the errors
 * at a glance (one table: status, code, meaning, what to do), with headers
 * that every response carries described once instead of under each status.
 */

import {
  type ApiErrorCode,
  type ApiExample,
  type ApiHeader,
  type ApiLink,
  type ApiMediaType,
  type ApiModel,
  type ApiOperation,
  type ApiParameter,
  type ApiRequestBody,
  type ApiResponse,
  bodyText,
  type CodeSample,
  codeSamples,
  exampleFromSchema,
  harRequest,
  isJsonMediaType,
  isRecord,
  oncePerModel,
  operationById,
  type SchemaOrRef,
  type SchemaResolver,
  sentByApi,
  slugify,
  statusCovers,
  tagByName,
} from '../../openapi/index.ts';
import { referenceUrls, tagLabel } from '../routes.ts';
import { publishedDescriptionUrl } from '../shared/description-address.ts';
import {
  type Direction,
  type FieldTree,
  FieldTreePlanner,
  fieldCount,
  fieldDepthOnOperationPages,
  plannedWithinBudget,
} from '../shared/field-tree.ts';
import { callbackDestination, expressionWords, type Phrase } from '../shared/runtime-expressions.ts';
import { constraints, refName, typeLabel } from '../shared/schema-summary.ts';
import { statusText } from '../shared/status-text.ts';
import { type OperationItem, operationItems } from './operation-items.ts';
import {
  type OperationBadgeText,
  type OperationCredentials,
  type OperationNotice,
  operationBadges,
  operationCredentials,
  operationNotices,
} from './operation-notices.ts';

/** A section heading: its anchor and title, and its level in the table of contents. */
export interface OutlineHeading {
  depth: 2 | 3;
  id: string;
  title: string;
}

/** A schema's type as the page shows it (`string (date-time)`, `Pet[]`), and the model it names, if one. */
export interface ShownType {
  label: string;
  model?: string;
}

/**
 * A header described in full here (with its anchor and type), or one already described higher up the page.
 */
export type HeaderRow = { header: ApiHeader; type: string } & ({ anchor: string } | { seeAlso: string });

/** A response's link: the operation it leads to (named as written where the description lacks it), and its values. */
export interface NextCall {
  link: ApiLink;
  operation?: OperationItem;
  /** As written, where the operation is not in the description. */
  named: string;
  parameters: { name: string; expression: boolean; words: Phrase[] }[];
}

/** A parameter as its table shows it: its type, the model the type names, and its constraints in words. */
export interface ParameterRow {
  parameter: ApiParameter;
  type: ShownType;
  constraints: string[];
}

/** A body by media type, with its type (or, for a stream, each item's) and its planned field tree. */
export interface PlannedMedia {
  media: ApiMediaType;
  type?: ShownType;
  itemType?: ShownType;
  tree: FieldTree | undefined;
}

/** One example as the sample pane shows it. */
export interface ShownExample {
  caption: string | undefined;
  code: string;
  language: 'json' | 'text';
  /**
   * The caption of an earlier example of the same response whose body is the same: the pane says so instead of
   * showing it again (GitHub gives one response several named examples of one large body).
   */
  sameAs?: string;
  /**
   * Set when the example is too long to show whole (`exampleShownAtMost`): `code` is its first lines, and the
   * whole is a file next to the page (`reference/[...example].json.ts`).
   */
  whole?: WholeExample;
}

/** A JSON text as the pane shows it (`code`: whole, or its first lines when past the cap), and the whole as a file. */
export interface ShownBody {
  code: string;
  whole: WholeExample;
}

/** Whether the pane shows a body's first lines only (`cutExampleLines` of them), not the whole. */
export function isCut(body: ShownBody): boolean {
  return body.code !== body.whole.code;
}

/** A long example as its own file: `file` is its name next to the operation page. */
export interface WholeExample {
  file: string;
  code: string;
  lines: number;
  /** Where the page shows only its start: its first lines, or, where its lines are long, its first characters. */
  cut?: 'lines' | 'characters';
}

/** What the page shows of a cut example, in words: `The first 120 of 1,502 lines`. */
export function shownStart(whole: WholeExample): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return whole.cut === 'characters'
    ? `The first ${count(exampleShownAtMost)} of ${count(whole.code.length)} characters`
    : `The first ${cutExampleLines} of ${count(whole.lines)} lines`;
}

/**
 * A JSON example (given or generated) or request body longer than this in characters shows its first
 * `cutExampleLines` lines, and no more than this many characters of them, and links to the whole; a text example
 * is cut as long. GitHub's list of emojis is one example of thousands of lines, which made its page heavy for
 * nothing; a base64 file is one line as long as the file.
 */
export const exampleShownAtMost = 50_000;
export const cutExampleLines = 120;

/** The file a request body too long to show is written to, next to the page, and the samples read it from. */
export const requestBodyFile = 'request-body.json';

/**
 * A JSON request body longer than this in lines is not written out in each language: the samples read it from
 * `requestBodyFile`, and the pane shows it once. Four copies of a Graph-shaped body (a generated one, bounded
 * at `maxValues` values) were half of an "update" page and of its Markdown twin; the Pet Store's are far shorter.
 */
export const sharedBodyLines = 60;

/** A response's examples, for the sample pane's status switcher. */
export interface ResponseExamples {
  status: string;
  /** `201 Created`. */
  title: string;
  examples: ShownExample[];
  /** Built from the schema because the description gives no example for this response. */
  generated: boolean;
}

/** One row of the error table: a status and one of the codes it carries (or none the catalog names). */
export interface ErrorRow {
  status: string;
  /** `409 Conflict`. */
  title: string;
  /** The catalog entry, when the description names codes for this status. */
  code: ApiErrorCode | undefined;
  /** The response's own description, for statuses without catalog codes. */
  description: string | undefined;
  /** Headers only this status sends (e.g. `Retry-After` on 429), each with the anchor of its description. */
  headers: { name: string; anchor: string }[];
}

export interface OperationOutline {
  /** What the header says beyond the operation itself. */
  context: {
    /** The API's name: a webhook's or callback's notes say who sends it. */
    apiTitle: string;
    /** The labels of its tags. */
    tags: string[];
    /** The operation to use instead of a deprecated one. */
    successor?: OperationItem;
    /** The operation a callback follows. */
    trigger?: OperationItem;
    /** Where the page links to: itself (the samples' files sit beside it), the introduction and the error catalog. */
    urls: { page: string; introduction: string; errors: string };
    /** Whether the description has an error catalog to point to. */
    errorCatalog: boolean;
  };
  /** The badges beside the operationId: Webhook or Callback, its stability level. */
  badges: OperationBadgeText[];
  /** The callouts under the header (deprecation, stability, webhook, callback), in the page's order. */
  notices: OperationNotice[];
  requestSample: OutlineHeading;
  /** Absent when no response has an example to show (none given, none to build): then the pane has no such card. */
  responseExample?: OutlineHeading;
  /** The request sample's languages: x-codeSamples first where they replace or add, then generated ones. */
  samples: CodeSample[];
  /**
   * A JSON body longer than `sharedBodyLines`: the samples read it from `whole.file`, and the pane shows it once
   * for every language (its start, when as long as an example that is cut), instead of four copies.
   */
  sharedBody?: ShownBody;
  /** Success status first, then each documented status that has an example. */
  responseExamples: ResponseExamples[];
  request: OutlineHeading;
  /** Absent on a webhook or callback: the reader sends nothing, so needs no credentials. */
  authentication?: OutlineHeading;
  /** What the Authentication section says: present with it. */
  credentials?: OperationCredentials;
  parameters: { heading: OutlineHeading; parameters: ParameterRow[] }[];
  requestBody?: {
    heading: OutlineHeading;
    body: ApiRequestBody;
    media: PlannedMedia[];
    /** The body's given examples are listed under it where a media type gives several; one is the sample pane's. */
    listsExamples: boolean;
  };
  responses: OutlineHeading;
  /** Headers every response carries (rate limits), described once. */
  commonHeaders: HeaderRow[];
  /** Success, redirect and informational responses, each in full. */
  outcomes: {
    heading: OutlineHeading;
    response: ApiResponse;
    headers: HeaderRow[];
    media: PlannedMedia[];
    /** What to call next with this response (its links), each parameter's value in words. */
    next: NextCall[];
  }[];
  errors?: {
    heading: OutlineHeading;
    rows: ErrorRow[];
    /** Headers some errors send, each described once. */
    headers: HeaderRow[];
    /** The distinct error bodies (usually one `Error` model), planned once. */
    bodies: PlannedMedia[];
    /** For each of `bodies`, the statuses whose responses send it: their label when their fields are listed. */
    bodyStatuses: string[][];
    /** The model of the error bodies, when one is: the page then links to it rather than list its fields. */
    bodyModel?: string;
  };
  /** The requests the API sends back after this one (`callbacks`), each with its own page. */
  callbacks?: {
    heading: OutlineHeading;
    /** Each with where the API sends it, in words (`the URL in the request body's callbackUrl field`). */
    operations: (OperationItem & { destination: Phrase[] })[];
  };
}

const parameterLocations: readonly ApiParameter['in'][] = ['path', 'query', 'header', 'cookie'];

/** Whether a response is an error: 4xx, 5xx, their ranges, or `default` (what a server sends when nothing else fits). */
export function isErrorStatus(status: string): boolean {
  return /^[45]/.test(status) || status === 'default';
}

/** The operation page's sections, planned in reading order; `now`: the build's day, which a sunset counts from. */
export function operationOutline(model: ApiModel, operation: ApiOperation, now = new Date()): OperationOutline {
  const failures = operation.responses.filter((r) => isErrorStatus(r.status));
  const errorBodies = distinctBodies(failures);
  const errorBodyModel = errorBodies.map((media) => refName(media.schema)).find((name) => name !== undefined);
  const fields = plannedFields(model, operation, errorBodies, errorBodyModel === undefined);
  const headers = new HeaderPlanner(model.schemaResolver);

  const parameters = parameterLocations.flatMap((where) => {
    const here = operation.parameters.filter((p) => p.in === where);
    return here.length === 0
      ? []
      : [
          {
            heading: h3(`${where}-parameters`, `${where[0]?.toUpperCase()}${where.slice(1)} parameters`),
            parameters: here.map((parameter) => parameterRow(model.schemaResolver, parameter)),
          },
        ];
  });
  const requestBody = operation.requestBody && {
    heading: h3('request-body', 'Request body'),
    body: operation.requestBody,
    media: fields.request,
    listsExamples: operation.requestBody.content.some((m) => m.examples.length > 1),
  };

  const common = headersOnEveryResponse(operation.responses);
  const commonHeaders = headers.rows([...common.values()]);
  // Other operations the page links to, as lists show them.
  const itemOf = (operationId: string | undefined) => {
    const found = operationById(model, operationId);
    return found ? operationItems(model, [found])[0] : undefined;
  };
  const outcomes = operation.responses
    .filter((r) => !isErrorStatus(r.status))
    .map((response) => ({
      heading: h3(`response-${slugify(response.status)}`, responseTitle(response.status)),
      response,
      headers: headers.rows(response.headers.filter((h) => !common.has(h.name.toLowerCase()))),
      media: fields.outcomes.get(response) ?? [],
      next: (response.links ?? []).map((link): NextCall => {
        const operation = itemOf(link.operationId);
        return {
          link,
          ...(operation && { operation }),
          named: link.operationId ?? link.operationRef ?? link.name,
          parameters: link.parameters.map(({ name, value }) => ({
            name,
            // A runtime expression (`$response.body#/id`, `{$request.query.q}`) rather than a constant.
            expression: typeof value === 'string' && /^\{?\$/.test(value),
            words: expressionWords(value),
          })),
        };
      }),
    }));

  const examples = responseExamples(model.schemaResolver, operation.responses);
  let errors: OperationOutline['errors'];
  if (failures.length > 0) {
    const own = new Map(failures.map((r) => [r, r.headers.filter((h) => !common.has(h.name.toLowerCase()))]));
    const errorHeaders = headers.rows(uniqueByName([...own.values()].flat()));
    const anchorOf = new Map(
      errorHeaders.map((row) => [row.header.name.toLowerCase(), 'anchor' in row ? row.anchor : row.seeAlso]),
    );
    const rows = failures.flatMap((response): ErrorRow[] => {
      const rowHeaders = (own.get(response) ?? []).map((h) => ({
        name: h.name,
        anchor: anchorOf.get(h.name.toLowerCase()) ?? '',
      }));
      const base = { status: response.status, title: responseTitle(response.status), headers: rowHeaders };
      const codes = codesFor(model, operation, response.status);
      return codes.length === 0
        ? [{ ...base, code: undefined, description: response.description }]
        : codes.map((code) => ({ ...base, code, description: undefined }));
    });
    errors = {
      heading: h3('errors', 'Errors'),
      rows,
      headers: errorHeaders,
      bodies: fields.errors,
      bodyStatuses: errorBodies.map((body) =>
        failures.filter((r) => r.content.some((m) => bodyKey(m) === bodyKey(body))).map((r) => r.status),
      ),
      ...(errorBodyModel ? { bodyModel: errorBodyModel } : {}),
    };
  }
  const callbacks = (operation.callbacks ?? []).flatMap((id) => operationById(model, id) ?? []);

  const urls = referenceUrls(model);
  const successor = itemOf(operation.deprecation?.successor);
  const trigger = itemOf(operation.callback?.after);
  return {
    context: {
      apiTitle: model.info.title,
      tags: operation.tags.map((name) => {
        const tag = tagByName(model, name);
        return tag ? tagLabel(tag) : name;
      }),
      ...(successor && { successor }),
      ...(trigger && { trigger }),
      urls: { page: urls.operation(operation), introduction: urls.introduction, errors: urls.errors },
      errorCatalog: model.errorCodes.length > 0,
    },
    badges: operationBadges(operation),
    notices: operationNotices(model, operation, { successor, trigger }, now),
    // A webhook's or callback's sample is the message the API sends (samples.ts), and it needs no credentials
    // from the reader.
    requestSample: h2('request-sample', sentByApi(operation) ? 'Payload example' : 'Request sample'),
    ...(examples.length > 0 ? { responseExample: h2('response-example', 'Response example') } : {}),
    ...requestSamples(model, operation),
    responseExamples: examples,
    request: h2('request', 'Request'),
    ...(sentByApi(operation)
      ? {}
      : {
          authentication: h3('authentication', 'Authentication'),
          credentials: operationCredentials(operation, urls.introduction),
        }),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: h2('responses', 'Responses'),
    commonHeaders,
    outcomes,
    ...(errors ? { errors } : {}),
    ...(callbacks.length > 0
      ? {
          callbacks: {
            heading: h2('callbacks', 'Callbacks'),
            operations: operationItems(model, callbacks).map((item, i) => ({
              ...item,
              destination: callbackDestination(callbacks[i]?.callback?.url ?? item.path),
            })),
          },
        }
      : {}),
  };
}

/**
 * The field trees of the request body, each success response and the error bodies, planned in reading order;
 * the error bodies count toward the page's fields only when their fields are shown (`errorFieldsShown`).
 */
function plannedFields(
  model: ApiModel,
  operation: ApiOperation,
  errorBodies: ApiMediaType[],
  errorFieldsShown: boolean,
) {
  return plannedWithinBudget(
    (nesting) => {
      // Models reach into each other: each is described in full the first time on the page and linked afterwards.
      const planner = new FieldTreePlanner(model.schemaResolver, { maxDepth: fieldDepthOnOperationPages, ...nesting });
      // A request's fields leave out read-only ones, a response's write-only ones.
      const plan = (content: ApiMediaType[], direction: Direction): PlannedMedia[] =>
        content.map((media) => {
          const schema = media.schema ?? media.itemSchema;
          return {
            media,
            ...(media.schema && { type: shownType(model.schemaResolver, media.schema) }),
            ...(media.itemSchema && { itemType: shownType(model.schemaResolver, media.itemSchema) }),
            tree: schema ? planner.plan(schema, direction) : undefined,
          };
        });
      return {
        request: operation.requestBody ? plan(operation.requestBody.content, 'request') : [],
        outcomes: new Map(
          operation.responses
            .filter((r) => !isErrorStatus(r.status))
            .map((r) => [r, plan(r.content, 'response')] as const),
        ),
        errors: plan(errorBodies, 'response'),
      };
    },
    (planned) =>
      [planned.request, ...planned.outcomes.values(), errorFieldsShown ? planned.errors : []]
        .flat()
        .reduce((sum, m) => sum + fieldCount(m.tree), 0),
  );
}

/** The table of contents: every heading of the outline, in page order. */
export function outlineHeadings(outline: OperationOutline): OutlineHeading[] {
  return [
    outline.requestSample,
    ...(outline.responseExample ? [outline.responseExample] : []),
    outline.request,
    ...(outline.authentication ? [outline.authentication] : []),
    ...outline.parameters.map((p) => p.heading),
    ...(outline.requestBody ? [outline.requestBody.heading] : []),
    outline.responses,
    ...outline.outcomes.map((o) => o.heading),
    ...(outline.errors ? [outline.errors.heading] : []),
    ...(outline.callbacks ? [outline.callbacks.heading] : []),
  ];
}

/** `201 Created`; a range or `default` as written. */
export function responseTitle(status: string): string {
  return `${status} ${statusText(status)}`.trim();
}

/**
 * Each response's examples for the pane, success first (the answer a caller hopes for), then the others in the
 * description's order. A response without a body has nothing to show and no entry.
 */
export function responseExamples(schemas: SchemaResolver, responses: readonly ApiResponse[]): ResponseExamples[] {
  const ordered = [
    ...responses.filter((r) => !isErrorStatus(r.status)),
    ...responses.filter((r) => isErrorStatus(r.status)),
  ];
  return ordered.flatMap((response): ResponseExamples[] => {
    const title = responseTitle(response.status);
    const given = givenExamples(response);
    if (given.length > 0)
      return [{ status: response.status, title, generated: false, examples: withoutRepeats(given) }];
    // No example given: one built from the JSON schema, said to be generated.
    const json = response.content.find((m) => m.schema && isJsonMediaType(m.mediaType));
    const value = json?.schema ? exampleFromSchema(schemas, json.schema, 'read') : undefined;
    if (value === undefined) {
      const item = streamedItemExample(schemas, response.content);
      return item ? [{ status: response.status, title, examples: [item], generated: true }] : [];
    }
    const shown = cutToStart(JSON.stringify(value, null, 2), exampleFile(response.status, 0));
    return [{ status: response.status, title, examples: [{ caption: undefined, ...shown }], generated: true }];
  });
}

/**
 * The request sample's languages, and a JSON body longer than `sharedBodyLines`: then every language reads it
 * from one file next to the page, and the pane shows it once (a webhook's message is one sample already).
 */
export function requestSamples(
  model: ApiModel,
  operation: ApiOperation,
): Pick<OperationOutline, 'samples' | 'sharedBody'> {
  const sharedBody = sharedRequestBody(model, operation);
  // A server without a host is relative to where the site publishes the description, when the build knows it.
  const descriptionUrl = publishedDescriptionUrl();
  const at = descriptionUrl ? { descriptionUrl } : {};
  if (!sharedBody) return { samples: codeSamples(model, operation, at) };
  return { samples: codeSamples(model, operation, { ...at, bodyFile: requestBodyFile }), sharedBody };
}

/** The JSON body every language reads from one file, when it is longer than `sharedBodyLines`; else undefined. */
function sharedRequestBody(model: ApiModel, operation: ApiOperation): ShownBody | undefined {
  const text = sentByApi(operation) ? undefined : bodyText(harRequest(model, operation));
  const lines = text?.split('\n').length ?? 0;
  if (text === undefined || lines <= sharedBodyLines) return undefined;
  const shown = cutToStart(text, requestBodyFile);
  return { code: shown.code, whole: shown.whole ?? { file: requestBodyFile, code: text, lines } };
}

/** `example-201.json`, `example-201-2.json` for a response's second example. */
function exampleFile(status: string, index: number): string {
  return `example-${slugify(status)}${index === 0 ? '' : `-${index + 1}`}.json`;
}

/**
 * JSON as the pane shows it: whole, or when longer than `exampleShownAtMost` characters, its first
 * `cutExampleLines` lines (or its first `exampleShownAtMost` characters, where those lines are longer) with the
 * whole as `file`.
 */
function cutToStart(code: string, file: string): Pick<ShownExample, 'code' | 'language' | 'whole'> {
  if (code.length <= exampleShownAtMost) return { code, language: 'json' };
  const lines = code.split('\n');
  const start = lines.slice(0, cutExampleLines).join('\n');
  const cut = start.length > exampleShownAtMost ? 'characters' : 'lines';
  return {
    code: `${cut === 'characters' ? start.slice(0, exampleShownAtMost) : start}\n…`,
    language: 'json',
    whole: { file, code, lines: lines.length, cut },
  };
}

/** JSON cut as the pane cuts it, for a page with no file for the whole (a model's example): `shown` says how much. */
export function jsonStart(code: string): { code: string; shown?: string } {
  const { code: start, whole } = cutToStart(code, '');
  return whole ? { code: start, shown: shownStart(whole) } : { code };
}

/** A text example as the pane shows it: whole, or its first `exampleShownAtMost` characters (the description has the rest). */
export function cutText(text: string): string {
  return text.length <= exampleShownAtMost
    ? text
    : `${text.slice(0, exampleShownAtMost)}\n… (the first ${exampleShownAtMost.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters; the description has the whole example)`;
}

/**
 * One of a body's several given examples as its page and twin show it: cut as the sample pane cuts its examples (a
 * description may give one of any size), with what is shown said where it is cut.
 */
export function bodyExample(example: ApiExample): {
  caption: string | undefined;
  code: string;
  language: 'json' | 'text';
  shown?: string | undefined;
} {
  const caption = example.summary ?? example.name;
  if (typeof example.value === 'string') return { caption, code: cutText(example.value), language: 'text' };
  const json = jsonStart(JSON.stringify(example.value, null, 2));
  return { caption, code: json.code, language: 'json', shown: json.shown };
}

/** A response's own examples (of its first media type that has any), long JSON ones cut to their start. */
function givenExamples(response: ApiResponse): ShownExample[] {
  const media = response.content.find((m) => m.examples.length > 0);
  if (!media) return [];
  return media.examples.map((example, index) => {
    const caption = media.examples.length > 1 ? (example.summary ?? example.name) : undefined;
    if (typeof example.value === 'string') return { caption, code: cutText(example.value), language: 'text' };
    return { caption, ...cutToStart(JSON.stringify(example.value, null, 2), exampleFile(response.status, index)) };
  });
}

/**
 * The long JSON an operation's page links to, each to be written whole as its own file: its response examples
 * (given or generated) and its request body.
 */
export function wholeExamples(model: ApiModel, operation: ApiOperation): WholeExample[] {
  // The body alone, not the samples in every language: this runs for every operation before any page is built.
  const body = sharedRequestBody(model, operation)?.whole;
  const examples = responseExamples(model.schemaResolver, operation.responses).flatMap((entry) =>
    entry.examples.flatMap((example) => (example.whole ? [example.whole] : [])),
  );
  return body ? [body, ...examples] : examples;
}

/** Examples whose body an earlier one already shows point at it (`sameAs`) and carry no code of their own. */
function withoutRepeats(examples: ShownExample[]): ShownExample[] {
  const shown = new Map<string, string>();
  return examples.map((example) => {
    const body = example.whole?.code ?? example.code;
    const first = shown.get(body);
    if (first !== undefined) {
      const { whole: _, ...repeat } = example;
      return { ...repeat, code: '', sameAs: first };
    }
    if (example.caption !== undefined) shown.set(body, example.caption);
    return example;
  });
}

/**
 * One item of a stream (3.2's `itemSchema`), built from its schema and written as it travels: a JSON line for
 * JSON Lines and its kin, a block of `field: value` lines for server-sent events.
 */
function streamedItemExample(
  schemas: SchemaResolver,
  content: readonly ApiMediaType[],
): ResponseExamples['examples'][number] | undefined {
  const media = content.find((m) => m.itemSchema);
  const value = media?.itemSchema ? exampleFromSchema(schemas, media.itemSchema, 'read') : undefined;
  if (!media || value === undefined) return undefined;
  const caption = `One item of the stream (${media.mediaType})`;
  if (/^text\/event-stream\b/i.test(media.mediaType) && isRecord(value)) {
    const lines = Object.entries(value).map(
      ([field, v]) => `${field}: ${typeof v === 'string' ? v : JSON.stringify(v)}`,
    );
    return { caption, code: lines.join('\n'), language: 'text' };
  }
  return { caption, code: JSON.stringify(value), language: 'json' };
}

/** Catalog codes this operation can answer with this status (a range such as `4XX` takes the codes in it). */
function codesFor(model: ApiModel, operation: ApiOperation, status: string): ApiErrorCode[] {
  return (codesByOperation(model).get(operation.operationId) ?? []).filter((entry) =>
    statusCovers(status, entry.status),
  );
}

/**
 * The catalog codes each operation can return, in the catalog's order. Looked up per error status of every page:
 * scanning each code's list of operations instead grew with operations × codes, seconds of a large build.
 */
const codesByOperation = oncePerModel((model) => {
  const codes = new Map<string, ApiErrorCode[]>();
  for (const entry of model.errorCodes) {
    if (entry.global) continue;
    for (const id of entry.operations) {
      const list = codes.get(id);
      if (list) list.push(entry);
      else codes.set(id, [entry]);
    }
  }
  return codes;
});

/** Headers (by lower-case name) that every response of the operation sends; none when it has a single response. */
function headersOnEveryResponse(responses: readonly ApiResponse[]): Map<string, ApiHeader> {
  const [first, ...rest] = responses;
  if (!first || rest.length === 0) return new Map();
  return new Map(
    first.headers
      .filter((h) => rest.every((r) => r.headers.some((other) => other.name.toLowerCase() === h.name.toLowerCase())))
      .map((h) => [h.name.toLowerCase(), h]),
  );
}

function uniqueByName(headers: ApiHeader[]): ApiHeader[] {
  const seen = new Map<string, ApiHeader>();
  for (const header of headers) if (!seen.has(header.name.toLowerCase())) seen.set(header.name.toLowerCase(), header);
  return [...seen.values()];
}

/** Error bodies, one per distinct schema: most APIs send one error model for every status. */
/** What makes two error bodies the same: their model, else their schema, else their media type. */
const bodyKey = (media: ApiMediaType): unknown => refName(media.schema) ?? media.schema ?? media.mediaType;

function distinctBodies(responses: readonly ApiResponse[]): ApiMediaType[] {
  const seen = new Set<unknown>();
  return responses.flatMap((response) =>
    response.content.filter((media) => {
      const key = bodyKey(media);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
}

/** Gives each header described on the page an anchor, and later mentions of the same header a link to it. */
class HeaderPlanner {
  readonly #anchors = new Map<string, string>();

  readonly schemas: SchemaResolver;

  constructor(schemas: SchemaResolver) {
    this.schemas = schemas;
  }

  rows(headers: readonly ApiHeader[]): HeaderRow[] {
    return headers.map((header) => {
      const key = `${header.name.toLowerCase()}\u0000${header.description ?? ''}`;
      const earlier = this.#anchors.get(key);
      if (earlier) return { header, type: headerType(this.schemas, header), seeAlso: earlier };
      const anchor = `header-${slugify(header.name)}`;
      const unique = [...this.#anchors.values()].includes(anchor) ? `${anchor}-${this.#anchors.size + 1}` : anchor;
      this.#anchors.set(key, unique);
      return { header, anchor: unique, type: headerType(this.schemas, header) };
    });
  }
}

/** The type of a schema as the page shows it, and the model it names. */
export function shownType(schemas: SchemaResolver, schema: SchemaOrRef): ShownType {
  const model = refName(schema);
  return { label: typeLabel(schemas, schema), ...(model && { model }) };
}

/** A header's type as its table shows it (`string` where the description gives no schema). */
export function headerType(schemas: SchemaResolver, header: ApiHeader): string {
  return header.schema ? typeLabel(schemas, header.schema) : 'string';
}

function parameterRow(schemas: SchemaResolver, parameter: ApiParameter): ParameterRow {
  return {
    parameter,
    type: parameter.schema ? shownType(schemas, parameter.schema) : { label: 'string' },
    constraints: parameter.schema ? constraints(schemas, parameter.schema) : [],
  };
}

function h2(id: string, title: string): OutlineHeading {
  return { depth: 2, id, title };
}

function h3(id: string, title: string): OutlineHeading {
  return { depth: 3, id, title };
}
