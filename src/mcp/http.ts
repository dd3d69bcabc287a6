/**
 * The MCP server over streamable HTTP, for the hosted sandbox service's `/mcp`. Stateless, with JSON answers: each
 * request gets a server of its own (the SDK's way for stateless serving), so any of several sandboxes behind a
 * load balancer can answer it; the docs are made once and shared.
 *
 * It faces the internet, so before a server is made the request passes the guards (`http-guards.ts`): Host and
 * Origin, the requests in flight (per client and per instance), the client's own rate limit (in the sandbox's
 * store, so shared by the instances on one Redis), the body's size and the batch's length. Clients are told apart
 * by `clientAddress`, as the sandbox tells them apart. `call_sandbox` calls the sandbox app in-process, as the MCP
 * client (its connection, its key): one client's calls count against that client, never against this machine's
 * own address or a key all clients share.
 */
import type { HttpBindings } from '@hono/node-server';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { type Context, Hono } from 'hono';
import type { Clock } from '../rate-limits/clock.ts';
import { clientAddress } from '../sandbox/callers.ts';
import { type SandboxStore, StoreUnavailableError } from '../sandbox/store/sandbox-store.ts';
import { ClientKeys } from './client-keys.ts';
import { InFlight, jsonRpcRefusal, type McpAddresses, readMessages, rebindingCheck } from './http-guards.ts';
import { createSandboxCaller, sandboxBaseFor } from './sandbox-call.ts';
import { type McpOptions, mcpServers, type SandboxCallers } from './server.ts';

export const mcpPath = '/mcp';

/** What `/mcp` allows. An agent calls a tool every few seconds; a batch is a handful of calls. */
export const mcpLimits = {
  /** Messages per client address (a batch counts each of its messages). */
  quota: { perMinute: 120, perDay: 10_000 },
  /** Requests being answered: a client's, and the instance's (two cores answer a few at a time anyway). */
  inFlight: { perClient: 4, perInstance: 16 },
  maxBatch: 10,
  maxBodyBytes: 1024 * 1024,
} as const;

export interface McpHttpSettings {
  /**
   * `sandboxUrl`: the sandbox service's own address, which `call_sandbox`'s URLs are made on (each listed API's
   * below it, `sandboxBaseFor`).
   */
  options: McpOptions;
  /** The sandbox app, which `call_sandbox` calls in-process (for a site of several APIs, the one serving them all). */
  sandbox: { fetch(request: Request, env: HttpBindings): Response | Promise<Response> };
  /** Where the clients' requests are counted: the sandbox's store. */
  store: Pick<SandboxStore<unknown>, 'admit'>;
  clock: Clock;
  addresses: McpAddresses;
}

type McpContext = Context<{ Bindings: HttpBindings }>;

/** `/mcp` as a Hono app, to be given the requests for that path with the server's bindings. */
export function mcpHttpApp(settings: McpHttpSettings): Hono<{ Bindings: HttpBindings }> {
  const { options, store, clock } = settings;
  const newServer = mcpServers({ ...options, sandboxUrl: undefined });
  const clientKeys = new ClientKeys();
  const inFlight = new InFlight(mcpLimits.inFlight);
  const refusal = rebindingCheck(settings.addresses);

  /** Sends to the sandbox app as the client: on its connection, with its forwarding headers. */
  const asClient =
    (c: McpContext): typeof fetch =>
    async (input, init) => {
      const request = new Request(input, init);
      for (const name of ['x-forwarded-for', 'forwarded']) {
        const value = c.req.header(name);
        if (value !== undefined) request.headers.set(name, value);
      }
      return settings.sandbox.fetch(request, c.env);
    };

  /**
   * Counts `count` messages of `client`'s: the headers saying where it stands, or the refusal once over its quota.
   * The first message is counted before the body is read, so a client over its quota costs next to nothing.
   */
  async function admit(client: string, count: number): Promise<{ standing: Record<string, string> } | Response> {
    let admission: Awaited<ReturnType<typeof store.admit>> | undefined;
    try {
      for (let i = 0; i < count && (admission === undefined || admission.outcome === 'allowed'); i++) {
        admission = await store.admit(`mcp:${client}`, mcpLimits.quota, undefined, clock.now());
      }
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      return jsonRpcRefusal(503, 'The MCP server is unavailable just now. Retry after the seconds in Retry-After.', {
        'Retry-After': '2',
      });
    }
    if (!admission) return { standing: {} };
    const standing = {
      'X-RateLimit-Limit': String(admission.window.limit),
      'X-RateLimit-Remaining': String(admission.window.remaining),
      'X-RateLimit-Reset': String(admission.window.reset),
    };
    if (admission.outcome === 'allowed') return { standing };
    const period = admission.outcome === 'limited' ? admission.period : 'minute';
    return jsonRpcRefusal(
      429,
      `Rate limit of ${admission.window.limit} messages per ${period} to /mcp exceeded (a batch counts each of its messages). Retry in ${admission.retryAfter} seconds.`,
      { ...standing, 'Retry-After': String(admission.retryAfter) },
    );
  }

  async function answer(c: McpContext, client: string): Promise<Response> {
    const first = await admit(client, 1);
    if (first instanceof Response) return first;
    const read = await readMessages(c.req.raw, mcpLimits);
    if ('refusal' in read) return read.refusal;
    const counted = Array.isArray(read.messages) ? await admit(client, read.messages.length - 1) : first;
    if (counted instanceof Response) return counted;
    const standing = Object.keys(counted.standing).length > 0 ? counted.standing : first.standing;
    const { sandboxUrl } = options;
    // Each API's keys are the client's own, kept apart from its keys of the site's other APIs.
    const sandboxes: SandboxCallers | undefined =
      sandboxUrl === undefined
        ? undefined
        : (api) =>
            createSandboxCaller(
              api.model,
              sandboxBaseFor(api, sandboxUrl),
              asClient(c),
              clientKeys.of(api.id === undefined ? client : `${client} ${api.id}`),
            );
    const server = newServer(sandboxes);
    // No session id generator: stateless.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(c.req.raw, { parsedBody: read.messages });
      for (const [name, value] of Object.entries(standing)) response.headers.set(name, value);
      return response;
    } finally {
      await server.close();
    }
  }

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all(mcpPath, async (c) => {
    const refused = refusal(c.req.raw);
    if (refused) return refused;
    if (c.req.method !== 'POST') {
      // Stateless: no stream to open (GET) and no session to end (DELETE), as the transport allows.
      return jsonRpcRefusal(405, '/mcp takes POST only: it is stateless, with no stream or session.', {
        Allow: 'POST',
      });
    }
    const client = clientAddress(c);
    const place = inFlight.enter(client);
    if (place !== 'entered') {
      const whose =
        place === 'client'
          ? `${mcpLimits.inFlight.perClient} from one client`
          : `${mcpLimits.inFlight.perInstance} in all`;
      return jsonRpcRefusal(
        place === 'client' ? 429 : 503,
        `Too many requests in flight to /mcp (at most ${whose}). Retry after the seconds in Retry-After.`,
        { 'Retry-After': '1' },
      );
    }
    try {
      return await answer(c, client);
    } finally {
      inFlight.leave(client);
    }
  });
  return app;
}
