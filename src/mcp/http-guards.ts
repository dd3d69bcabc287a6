/**
 * What `/mcp` checks before the MCP server sees a request, each refusal a JSON-RPC error as the SDK writes its own
 * (`{ jsonrpc, error: { code, message }, id: null }`): the Host and Origin (DNS rebinding, the MCP transport's
 * security rules), the requests in flight, and a body of bounded size holding a bounded batch.
 */
import { ApiError } from '../sandbox/api-error.ts';
import { readBytes } from '../sandbox/request-checks.ts';

/** A refusal as JSON-RPC error: `code` -32600 for a bad request, -32000 for the server's own conditions. */
export function jsonRpcRefusal(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers });
}

/** The addresses `/mcp` answers for. */
export interface McpAddresses {
  /** The service's public address (`SANDBOX_URL`): its host is allowed, and its origin. */
  publicUrl?: string | undefined;
  /** The address the server listens on: on a loopback one, this machine's names (any port) are allowed too. */
  listensOn: string;
  /** Origins of pages allowed to call it (the published portal, as the sandbox's CORS allows them). */
  allowedOrigins: readonly string[];
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopback = (hostname: string) => loopbackNames.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * The Host and Origin check: the refusal to answer, or undefined to go on. A request without Origin (not from a
 * browser) is not refused for it. Bound to all interfaces with no `publicUrl`, the server cannot know its own name
 * and refuses every Host. (The SDK's own check, `allowedHosts`, takes exact `host:port` strings: behind a load
 * balancer the port a client names is not the one this process listens on.)
 */
export function rebindingCheck(addresses: McpAddresses): (request: Request) => Response | undefined {
  const publicUrl = addresses.publicUrl ? new URL(addresses.publicUrl) : undefined;
  const local = isLoopback(addresses.listensOn === '::1' ? '[::1]' : addresses.listensOn);
  const origins = new Set(
    [addresses.publicUrl, ...addresses.allowedOrigins].flatMap((url) => urlOf(url?.trim() ?? '')?.origin ?? []),
  );
  /** The Host header as a URL of `protocol` reads it (lower case, its default port dropped). */
  const hostAs = (host: string, protocol: string) => urlOf(`${protocol}//${host}`);

  return (request) => {
    const host = request.headers.get('host') ?? '';
    const asLocal = hostAs(host, 'http:');
    const asPublic = publicUrl && hostAs(host, publicUrl.protocol);
    const hostAllowed =
      (local && asLocal !== undefined && isLoopback(asLocal.hostname)) ||
      (publicUrl !== undefined && asPublic?.host === publicUrl.host);
    if (!hostAllowed) {
      return jsonRpcRefusal(
        403,
        `Requests to /mcp for the host ${host || '(none)'} are refused: it is not this server’s address.`,
      );
    }
    const origin = request.headers.get('origin');
    if (origin === null) return undefined;
    const originUrl = urlOf(origin);
    const originAllowed =
      originUrl &&
      (origins.has(originUrl.origin) ||
        (local && /^https?:$/.test(originUrl.protocol) && isLoopback(originUrl.hostname)));
    return originAllowed ? undefined : jsonRpcRefusal(403, `Requests to /mcp from the origin ${origin} are refused.`);
  };
}

function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Requests in flight, per instance and per client, each under its cap. */
export class InFlight {
  readonly #byClient = new Map<string, number>();
  #total = 0;

  readonly #limits: { perInstance: number; perClient: number };

  constructor(limits: { perInstance: number; perClient: number }) {
    this.#limits = limits;
  }

  /** Takes a place for `client`, or says which cap is reached; a place taken is given back by `leave`. */
  enter(client: string): 'entered' | 'client' | 'instance' {
    const mine = this.#byClient.get(client) ?? 0;
    if (mine >= this.#limits.perClient) return 'client';
    if (this.#total >= this.#limits.perInstance) return 'instance';
    this.#byClient.set(client, mine + 1);
    this.#total++;
    return 'entered';
  }

  leave(client: string): void {
    const mine = this.#byClient.get(client) ?? 0;
    if (mine <= 1) this.#byClient.delete(client);
    else this.#byClient.set(client, mine - 1);
    this.#total--;
  }
}

/** The body as JSON-RPC: at most `maxBytes`, at most `maxBatch` messages; or the refusal to answer with. */
export async function readMessages(
  request: Request,
  { maxBodyBytes: maxBytes, maxBatch }: { maxBodyBytes: number; maxBatch: number },
): Promise<{ messages: unknown } | { refusal: Response }> {
  const tooLarge = () => ({
    refusal: jsonRpcRefusal(413, `The request body is over the limit of ${maxBytes} bytes.`, {}, -32600),
  });
  if (Number(request.headers.get('content-length')) > maxBytes) return tooLarge();
  let text: string;
  try {
    text = new TextDecoder().decode(await readBytes(request.body, maxBytes));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'payload_too_large') return tooLarge();
    return { refusal: jsonRpcRefusal(400, 'The request body ended before it was complete.', {}, -32600) };
  }
  let messages: unknown;
  try {
    messages = JSON.parse(text);
  } catch {
    return { refusal: jsonRpcRefusal(400, 'Parse error: the request body is not JSON.', {}, -32700) };
  }
  if (Array.isArray(messages) && messages.length > maxBatch) {
    return {
      refusal: jsonRpcRefusal(
        400,
        `A JSON-RPC batch to /mcp holds at most ${maxBatch} messages; this one holds ${messages.length}.`,
        {},
        -32600,
      ),
    };
  }
  return { messages };
}
