/**
 * `npm run mcp`: the docs as an MCP server over stdio, for a coding agent to start (README, "Docs for agents").
 * The description is the site's (PETSTORE_SPEC, else spec/openapi.yaml), or each of the APIs its portal.json lists
 * (`apis`; PETSTORE_SPEC may name that portal.json); links point at the published site
 * (SITE_URL, else the site config's domain). `call_sandbox` sends to the sandbox the portal names (`stdioSandboxUrl`),
 * never to a server the description names unless `--sandbox-url` says so.
 * stdout carries the protocol: everything else goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readCommandLine } from '../command-line.ts';
import { resolveSpecPath, SpecError, sandboxServer } from '../openapi/index.ts';
import { SandboxUrlError } from '../site/console-sandbox.ts';
import { SiteConfigError } from '../site/site-config.ts';
import { siteMcpOptions, stdioSandboxUrl } from './options.ts';
import { sandboxBaseFor } from './sandbox-call.ts';
import { createMcpServer } from './server.ts';

const usage = `Usage: npm run --silent mcp [-- --sandbox-url <url>]

The API docs as an MCP server over stdio, for a coding agent to start.

Options:
  --sandbox-url <url>  The sandbox call_sandbox sends to. Default: SANDBOX_URL, else the local sandbox
                       npm run sandbox starts (http://localhost:SANDBOX_PORT, 4010 unless set). A server the
                       description names is called only when this option names it.
  -h, --help           Print this and exit.

A site of several APIs (portal.json's "apis") calls each API's sandbox below the sandbox's address: <url>/<id>.

Environment: PETSTORE_SPEC (the description, or a portal.json listing several), SITE_URL (where links point), SANDBOX_URL, SANDBOX_PORT.`;

const commandLine = readCommandLine(process.argv.slice(2), {
  name: 'mcp',
  usage,
  options: { 'sandbox-url': { type: 'string' } },
});
if (!commandLine.ok) {
  (commandLine.exitCode === 0 ? console.log : console.error)(commandLine.message);
  process.exit(commandLine.exitCode);
}

const flag = commandLine.args.values['sandbox-url'];
const sandboxUrl = (() => {
  try {
    return stdioSandboxUrl(flag);
  } catch (error) {
    // A bad --sandbox-url is a mistake on the command line (2); a bad SANDBOX_URL, in the settings (1).
    console.error(error instanceof Error ? error.message : error);
    return process.exit(flag === undefined ? 1 : 2);
  }
})();
const spec = resolveSpecPath(process.cwd());
try {
  // Every API of the site: a portal.json with "apis" lists several (PETSTORE_SPEC may name it).
  const options = await siteMcpOptions(spec, sandboxUrl);
  for (const api of options.apis) {
    const described = sandboxServer(api.model)?.url.replace(/\/$/, '');
    const sendsTo = sandboxBaseFor(api, sandboxUrl);
    if (described && described !== sendsTo && flag === undefined) {
      // A listed API's calls go below the sandbox service's address, whatever --sandbox-url names.
      console.error(
        api.id === undefined
          ? `call_sandbox sends to ${sendsTo}; the description's sandbox server ${described} is called only with --sandbox-url ${described}.`
          : `call_sandbox sends ${api.id}'s calls to ${sendsTo} (the sandbox service's ${api.id}), not to its description's sandbox server ${described}.`,
      );
    }
  }
  const server = createMcpServer(options);
  await server.connect(new StdioServerTransport());
} catch (error) {
  console.error(
    error instanceof SpecError || error instanceof SandboxUrlError || error instanceof SiteConfigError
      ? error.message
      : error,
  );
  process.exit(1);
}
