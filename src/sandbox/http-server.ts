/**
 * The sandbox's HTTP server, fit to face the internet: Hono's Node adapter with timeouts for clients that never
 * finish a request, and the JSON Error body (a code from the spec's catalog) on the refusals Node's HTTP parser
 * makes before the app sees anything, which Node answers with a bare status line.
 */
import type { Socket } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { SandboxErrorCode } from './api-error.ts';

/** How long a client may take, in ms: to send its request's headers, the whole request, and between requests. */
export const clientTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 } as const;

export function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  address: { port: number; hostname: string },
  statusOf: (code: SandboxErrorCode) => number,
  onListening: (port: number) => void,
): ServerType {
  const server = serve(
    {
      fetch: app.fetch,
      ...address,
      serverOptions: {
        headersTimeout: clientTimeouts.headersMs,
        requestTimeout: clientTimeouts.requestMs,
        keepAliveTimeout: clientTimeouts.keepAliveMs,
        // How often Node looks for connections past those timeouts (30 s by default, which let a slow client keep
        // its connection three times as long).
        connectionsCheckingInterval: 1_000,
      },
    },
    (info) => onListening(info.port),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const refusal = refusalFor(error.code);
    if (!refusal || !socket.writable) return void socket.destroy();
    const status = statusOf(refusal.code);
    const body = JSON.stringify({ code: refusal.code, message: refusal.message, status });
    socket.end(
      `HTTP/1.1 ${status} ${refusal.reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

/** What to answer for a request Node's parser refused, by its error code; nothing when the client is gone. */
function refusalFor(code: string | undefined): { code: SandboxErrorCode; reason: string; message: string } | undefined {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      code: 'headers_too_large',
      reason: 'Request Header Fields Too Large',
      message: 'The request line and headers are over 16 KiB (a URL with very many query parameters counts too).',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      code: 'request_timeout',
      reason: 'Request Timeout',
      message: `The request was not sent in time: headers within ${clientTimeouts.headersMs / 1000} s, the whole request within ${clientTimeouts.requestMs / 1000} s.`,
    };
  }
  if (code?.startsWith('HPE_')) {
    return {
      code: 'malformed_request',
      reason: 'Bad Request',
      message: 'The request is not valid HTTP/1.1 (its request line or a header could not be read).',
    };
  }
  return undefined;
}
