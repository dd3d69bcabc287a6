/**
 * The docs as an MCP server (official SDK): read-only tools over the same model and Markdown as the site.
 * `main.ts` serves it over stdio (`npm run mcp`), `http.ts` over streamable HTTP (the hosted sandbox's `/mcp`).
 * A site of several APIs (portal.json's `apis`) gets `list_apis` too, and an `api` argument on every tool
 * (`site-docs.ts`); a one-API site's tools are as they always were.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { BadToolInput, createDocs, type Docs, type SearchedPage } from './docs.ts';
import { createSandboxCaller, type SandboxCaller, sandboxBaseFor } from './sandbox-call.ts';
import { createSiteDocs, type McpApi, type SiteDocs } from './site-docs.ts';

export type { McpApi } from './site-docs.ts';

export interface McpOptions {
  /** The site's APIs in portal.json's order: a one-API site's one, without an id. */
  apis: readonly McpApi[];
  /** What names a server of several APIs: the site's title (portal.json's `title`). */
  title?: string | undefined;
  /** A site path as the published site's absolute URL. */
  absolute: (path: string) => string;
  /** The guides the site ships, which `search_docs` searches with the reference. */
  guides?: readonly SearchedPage[];
  /**
   * The sandbox service `call_sandbox` sends to (each listed API's below it, `sandboxBaseFor`); without one the
   * tool says there is none.
   */
  sandboxUrl?: string | undefined;
  version: string;
}

/** The sandbox caller of each API, if it has one. */
export type SandboxCallers = (api: McpApi) => SandboxCaller | undefined;

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

/** A tool's answer, or its refusal as a tool error (the agent reads it and can try again), never a thrown stack. */
async function answer(work: () => string | Promise<string>): Promise<CallToolResult> {
  try {
    return text(await work());
  } catch (error) {
    // A bad name or argument (`BadToolInput`), a sandbox that cannot be reached: said in a sentence.
    return { ...text(error instanceof Error ? error.message : String(error)), isError: true };
  }
}

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/** Whether the options are a site of several APIs (portal.json's `apis`, even of one): its APIs have ids. */
const listed = (apis: readonly McpApi[]): apis is readonly (McpApi & { id: string })[] =>
  apis.length > 0 && apis.every((api) => api.id !== undefined);

/** One server; `mcpServers` when several share the docs (one per HTTP request). */
export function createMcpServer(options: McpOptions): McpServer {
  return mcpServers(options)();
}

/**
 * Servers over the same docs. Each calls the sandboxes it is given (the HTTP transport gives each client's requests
 * callers of its own), else callers made once from `options.sandboxUrl` and shared.
 */
export function mcpServers(options: McpOptions): (sandboxes?: SandboxCallers) => McpServer {
  const { apis } = options;
  const [first] = apis;
  if (!first) throw new Error('The MCP server documents no API.');
  const docs = listed(apis)
    ? createSiteDocs(apis, options.absolute, options.guides)
    : createDocs(first.model, first.inputs, options.absolute, options.guides);
  const made = new Map<McpApi, SandboxCaller>();
  const { sandboxUrl } = options;
  const shared: SandboxCallers | undefined = sandboxUrl
    ? (api) => {
        const caller = made.get(api) ?? createSandboxCaller(api.model, sandboxBaseFor(api, sandboxUrl));
        made.set(api, caller);
        return caller;
      }
    : undefined;
  return (sandboxes = shared) => serverOver(options, docs, sandboxes);
}

function serverOver(options: McpOptions, docs: Docs | SiteDocs, sandboxes: SandboxCallers | undefined): McpServer {
  const [first] = options.apis;
  const title = ('apis' in docs ? options.title : undefined) ?? first?.model.info.title ?? 'API';
  const server = new McpServer({ name: `${title} docs`, version: options.version });
  if ('apis' in docs) severalApisTools(server, options, docs, sandboxes);
  else oneApiTools(server, options, docs, sandboxes);
  return server;
}

/** `call_sandbox`'s arguments besides the operation. */
const requestShape = {
  pathParams: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .describe('Values of the path parameters, by name'),
  query: z
    .record(
      z.string(),
      z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number(), z.boolean()]))]),
    )
    .optional()
    .describe('Query parameters, by name'),
  body: z.unknown().optional().describe('The JSON request body'),
};

// It changes the sandbox's example data (for this key only), never real data.
const sandboxAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

const descriptions = {
  listOperations:
    'Lists the operations by tag: operationId, method and path, title and badge. Give a tag for its operations only.',
  getOperation:
    "An operation's page as Markdown: parameters, request body and response fields, headers, errors, a sample request and response.",
  getSchema: "A model's (schema's) page as Markdown: its fields with types and constraints, an example, who uses it.",
};

/** A one-API site's five tools, as they always were. */
function oneApiTools(server: McpServer, options: McpOptions, docs: Docs, sandboxes: SandboxCallers | undefined): void {
  const api = options.apis[0] as McpApi;
  const { title } = api.model.info;
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Searches the ${title} guides and reference (operations, models, tags, errors): the best matches with their titles, Markdown links and a snippet.`,
      inputSchema: { query: z.string().min(1).max(200).describe('A few words to look for') },
      annotations: readOnly,
    },
    ({ query }) => answer(() => docs.search(query)),
  );
  server.registerTool(
    'list_operations',
    {
      title: 'List operations',
      description: descriptions.listOperations,
      inputSchema: { tag: z.string().max(200).optional().describe('A tag name, as list_operations shows it') },
      annotations: readOnly,
    },
    ({ tag }) => answer(() => docs.listOperations(tag)),
  );
  server.registerTool(
    'get_operation',
    {
      title: 'Get an operation',
      description: descriptions.getOperation,
      inputSchema: { operationId: z.string().max(200).describe('The operationId, e.g. from list_operations') },
      annotations: readOnly,
    },
    ({ operationId }) => answer(() => docs.getOperation(operationId)),
  );
  server.registerTool(
    'get_schema',
    {
      title: 'Get a model',
      description: descriptions.getSchema,
      inputSchema: { name: z.string().max(200).describe('The model name, as in components/schemas') },
      annotations: readOnly,
    },
    ({ name }) => answer(() => docs.getSchema(name)),
  );
  server.registerTool(
    'call_sandbox',
    {
      title: 'Call the sandbox',
      description: `Sends one request to the ${title} sandbox (example data, nothing real) with a personal sandbox key, and returns the status, headers and body.`,
      inputSchema: { operationId: z.string().max(200).describe('The operation to call'), ...requestShape },
      annotations: sandboxAnnotations,
    },
    ({ operationId, pathParams, query, body }) =>
      answer(async () => {
        const sandbox = sandboxes?.(api);
        if (!sandbox) throw new BadToolInput(`${title} names no sandbox to call.`);
        const result = await sandbox.call(docs.operation(operationId), { pathParams, query, body });
        return JSON.stringify(result, null, 2);
      }),
  );
}

/**
 * A site of several APIs' six tools: `list_apis`, and the others with an `api` argument. It is optional
 * everywhere: without it `search_docs` and `list_operations` answer for every API, and the others find the one API
 * that has the name asked for (a name several have is an error asking for `api`), so that an agent need not know
 * the API of an operationId it was given.
 */
function severalApisTools(
  server: McpServer,
  options: McpOptions,
  site: SiteDocs,
  sandboxes: SandboxCallers | undefined,
): void {
  const ids = site.apis.map((api) => api.id);
  const idList = ids.length > 12 ? `${ids.slice(0, 12).join(', ')}, …` : ids.join(', ');
  const apiArg = (without: string) =>
    z.string().max(200).optional().describe(`The API's id (${idList}: list_apis describes them). ${without}`);
  const byName = 'Needed only when several APIs have that name.';

  server.registerTool(
    'list_apis',
    {
      title: 'List the APIs',
      description:
        "Lists the site's APIs: each one's id (the api argument of the other tools), title, version, summary, numbers of operations and models, and its reference's URL.",
      inputSchema: {},
      annotations: readOnly,
    },
    () => answer(() => site.listApis()),
  );
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        "Searches the guides and every API's reference (operations, models, tags, errors), or one API's with api: the best matches with their titles, Markdown links, the API each is from, and a snippet.",
      inputSchema: {
        query: z.string().min(1).max(200).describe('A few words to look for'),
        api: apiArg("Without it, every API's reference is searched."),
      },
      annotations: readOnly,
    },
    ({ query, api }) => answer(() => site.search(query, api)),
  );
  server.registerTool(
    'list_operations',
    {
      title: 'List operations',
      description: `${descriptions.listOperations} Give api for one API's only; without it, every API's, each under its id.`,
      inputSchema: {
        tag: z.string().max(200).optional().describe('A tag name, as list_operations shows it'),
        api: apiArg("Without it, every API's operations."),
      },
      annotations: readOnly,
    },
    ({ tag, api }) => answer(() => site.listOperations(tag, api)),
  );
  server.registerTool(
    'get_operation',
    {
      title: 'Get an operation',
      description: descriptions.getOperation,
      inputSchema: {
        operationId: z.string().max(200).describe('The operationId, e.g. from list_operations'),
        api: apiArg(byName),
      },
      annotations: readOnly,
    },
    ({ operationId, api }) =>
      answer(() => {
        const { api: of } = site.operation(operationId, api);
        return of.docs.getOperation(operationId);
      }),
  );
  server.registerTool(
    'get_schema',
    {
      title: 'Get a model',
      description: descriptions.getSchema,
      inputSchema: {
        name: z.string().max(200).describe('The model name, as in components/schemas'),
        api: apiArg(byName),
      },
      annotations: readOnly,
    },
    ({ name, api }) => answer(() => site.apiOf(api, { schema: name }).docs.getSchema(name)),
  );
  server.registerTool(
    'call_sandbox',
    {
      title: 'Call the sandbox',
      description:
        "Sends one request to an API's sandbox (example data, nothing real) with a personal sandbox key, and returns the status, headers and body.",
      inputSchema: {
        operationId: z.string().max(200).describe('The operation to call'),
        api: apiArg(byName),
        ...requestShape,
      },
      annotations: sandboxAnnotations,
    },
    ({ operationId, api, pathParams, query, body }) =>
      answer(async () => {
        const { api: of, operation } = site.operation(operationId, api);
        const mcpApi = options.apis.find((one) => one.id === of.id);
        const sandbox = mcpApi && sandboxes?.(mcpApi);
        if (!sandbox) throw new BadToolInput(`${of.model.info.title} (${of.id}) names no sandbox to call.`);
        const result = await sandbox.call(operation, { pathParams, query, body });
        return JSON.stringify(result, null, 2);
      }),
  );
}
