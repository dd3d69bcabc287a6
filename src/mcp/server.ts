/**
 * The docs as an MCP server (official SDK): read-only tools over the same model and Markdown as the site.
 * `main.ts` serves it over stdio (`npm run mcp`), `http.ts` over streamable HTTP (the hosted sandbox's `/mcp`).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiModel } from '../openapi/index.ts';
import type { TwinInputs } from '../reference/twins/page-markdown.ts';
import { BadToolInput, createDocs, type Docs, type SearchedPage } from './docs.ts';
import { createSandboxCaller, type SandboxCaller } from './sandbox-call.ts';

export interface McpOptions {
  /** What the introduction's twin names: downloads and the sandbox. */
  inputs: TwinInputs;
  /** A site path as the published site's absolute URL. */
  absolute: (path: string) => string;
  /** The guides the site ships, which `search_docs` searches with the reference. */
  guides?: readonly SearchedPage[];
  /** The sandbox `call_sandbox` sends to; without one the tool says there is none. */
  sandboxUrl?: string | undefined;
  version: string;
}

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

/** One server; `mcpServers` when several share the docs (one per HTTP request). */
export function createMcpServer(model: ApiModel, options: McpOptions): McpServer {
  return mcpServers(model, options)();
}

/**
 * Servers over the same docs. Each calls the sandbox it is given (the HTTP transport gives each client's requests
 * a caller of its own), else one made once from `options.sandboxUrl` and shared.
 */
export function mcpServers(model: ApiModel, options: McpOptions): (sandbox?: SandboxCaller) => McpServer {
  const docs = createDocs(model, options.inputs, options.absolute, options.guides);
  const shared = options.sandboxUrl ? createSandboxCaller(model, options.sandboxUrl) : undefined;
  return (sandbox = shared) => serverOver(model, options, docs, sandbox);
}

function serverOver(model: ApiModel, options: McpOptions, docs: Docs, sandbox: SandboxCaller | undefined): McpServer {
  const server = new McpServer({ name: `${model.info.title} docs`, version: options.version });

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Searches the ${model.info.title} guides and reference (operations, models, tags, errors): the best matches with their titles, Markdown links and a snippet.`,
      inputSchema: { query: z.string().min(1).max(200).describe('A few words to look for') },
      annotations: readOnly,
    },
    ({ query }) => answer(() => docs.search(query)),
  );
  server.registerTool(
    'list_operations',
    {
      title: 'List operations',
      description:
        'Lists the operations by tag: operationId, method and path, title and badge. Give a tag for its operations only.',
      inputSchema: { tag: z.string().max(200).optional().describe('A tag name, as list_operations shows it') },
      annotations: readOnly,
    },
    ({ tag }) => answer(() => docs.listOperations(tag)),
  );
  server.registerTool(
    'get_operation',
    {
      title: 'Get an operation',
      description:
        "An operation's page as Markdown: parameters, request body and response fields, headers, errors, a sample request and response.",
      inputSchema: { operationId: z.string().max(200).describe('The operationId, e.g. from list_operations') },
      annotations: readOnly,
    },
    ({ operationId }) => answer(() => docs.getOperation(operationId)),
  );
  server.registerTool(
    'get_schema',
    {
      title: 'Get a model',
      description:
        "A model's (schema's) page as Markdown: its fields with types and constraints, an example, who uses it.",
      inputSchema: { name: z.string().max(200).describe('The model name, as in components/schemas') },
      annotations: readOnly,
    },
    ({ name }) => answer(() => docs.getSchema(name)),
  );
  server.registerTool(
    'call_sandbox',
    {
      title: 'Call the sandbox',
      description: `Sends one request to the ${model.info.title} sandbox (example data, nothing real) with a personal sandbox key, and returns the status, headers and body.`,
      inputSchema: {
        operationId: z.string().max(200).describe('The operation to call'),
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
      },
      // It changes the sandbox's example data (for this key only), never real data.
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ operationId, pathParams, query, body }) =>
      answer(async () => {
        if (!sandbox) throw new BadToolInput(`${model.info.title} names no sandbox to call.`);
        const result = await sandbox.call(docs.operation(operationId), { pathParams, query, body });
        return JSON.stringify(result, null, 2);
      }),
  );
  return server;
}
