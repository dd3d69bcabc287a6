/**
 * The MCP server over streamable HTTP, for the hosted sandbox service's `/mcp`. Stateless, with JSON answers: each
 * request gets a server of its own (the SDK's way for stateless serving), so any of several sandboxes behind a
 * load balancer can answer it; the docs and the sandbox key are made once and shared.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ApiModel } from '../openapi/index.ts';
import { type McpOptions, mcpServers } from './server.ts';

export const mcpPath = '/mcp';

export function mcpHttpHandler(model: ApiModel, options: McpOptions): (request: Request) => Promise<Response> {
  const newServer = mcpServers(model, options);
  return async (request) => {
    const server = newServer();
    // No session id generator: stateless.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
}
