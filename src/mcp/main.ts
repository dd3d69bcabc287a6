/**
 * `npm run mcp`: the docs as an MCP server over stdio, for a coding agent to start (README, "Docs for agents").
 * The description is the site's (PETSTORE_SPEC, else spec/openapi.yaml); links point at the published site
 * (SITE_URL, else the site config's domain); `call_sandbox` sends to SANDBOX_URL, else the description's sandbox.
 * stdout carries the protocol: everything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadApiModel, resolveSpecPath, SpecError } from '../openapi/index.ts';
import { consoleSandbox, SandboxUrlError } from '../publishing/console-sandbox.ts';
import { mcpOptions } from './options.ts';
import { createMcpServer } from './server.ts';

const spec = resolveSpecPath(process.cwd());
try {
  const model = await loadApiModel(spec);
  const server = createMcpServer(model, await mcpOptions(model, spec, consoleSandbox(model, { dev: false })?.url));
  await server.connect(new StdioServerTransport());
} catch (error) {
  console.error(error instanceof SpecError || error instanceof SandboxUrlError ? error.message : error);
  process.exit(1);
}
