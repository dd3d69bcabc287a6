/**
 * The description the console hands to Scalar: the site's `/openapi.json`
 * without the operations whose console the spec turns off, so that Scalar's
 * own navigation cannot reach them either (the rule is the spec module's,
 * `x-try-it` and its aliases, read here from the raw description), and with
 * the page's example request as the examples of its operation.
 */

import type { ConsoleTarget, SandboxTarget } from '../contracts/console-target.ts';
import { getAtPointer, isHttpMethod, isRecord, readTryIt } from '../openapi/browser.ts';

/** `document` without closed operations, and without path items left with no operation. */
export function withoutClosedOperations(document: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(document.paths)) return document;
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue;
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([key, operation]) => !isHttpMethod(key) || !isRecord(operation) || readTryIt(operation, '').value.enabled,
      ),
    );
    if (Object.keys(kept).some(isHttpMethod)) paths[path] = kept;
  }
  return { ...document, paths };
}

/**
 * `document` with a hosted sandbox in the place of the description's local one, wherever that is listed (the
 * document, a path item, an operation), or first in the document's own list when the description names none (as
 * is a local sandbox made from a description that names none).
 * The local one's description (how to run it) is not the hosted one's, so it gets its own.
 */
export function withSandboxAt(
  document: Record<string, unknown>,
  sandbox: SandboxTarget | undefined,
): Record<string, unknown> {
  // A local sandbox the description lists (the Pet Store's), where it says, is in the document already.
  if (!sandbox || sandbox.url === sandbox.describedUrl) return document;
  const hosted = {
    url: sandbox.url,
    description: sandbox.hosted
      ? 'Sandbox: try the API with a key made for you'
      : sandbox.describedUrl
        ? 'Sandbox on this machine, at SANDBOX_PORT'
        : 'Sandbox on this machine, made from the description',
  };
  const moved = (servers: unknown) =>
    arrayOf(servers).map((server) => (isRecord(server) && server.url === sandbox.describedUrl ? hosted : server));
  const swapped = mapServerLists(document, moved);
  if (sandbox.describedUrl) return swapped;
  return { ...swapped, servers: [hosted, ...arrayOf(swapped.servers)] };
}

/**
 * `document` with only the servers in `allowed` (their URLs as written), in its own list, its path items' and their
 * operations': the first left is the one the console starts with when the sandbox does not answer. A server written
 * without a scheme or host gets the absolute URL `addresses` gives it.
 */
export function withConsoleServers(
  document: Record<string, unknown>,
  allowed: readonly string[],
  addresses: ConsoleTarget['serverAddresses'] = [],
): Record<string, unknown> {
  return mapServerLists(document, (servers) =>
    arrayOf(servers).flatMap((server) => {
      if (!isRecord(server) || typeof server.url !== 'string' || !allowed.includes(server.url)) return [];
      const { url } = server;
      const address = addresses.find((a) => a.written === url);
      return [address ? { ...server, url: address.url } : server];
    }),
  );
}

/** `document` with `change` applied to each of its server lists: its own, its path items' and their operations'. */
function mapServerLists(
  document: Record<string, unknown>,
  change: (servers: unknown[]) => unknown[],
): Record<string, unknown> {
  const withKept = (object: Record<string, unknown>) =>
    Array.isArray(object.servers) ? { ...object, servers: change(object.servers) } : object;
  if (!isRecord(document.paths)) return withKept(document);
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => {
      if (!isRecord(item)) return [path, item];
      const operations = Object.entries(item).map(([key, value]) => [
        key,
        isHttpMethod(key) && isRecord(value) ? withKept(value) : value,
      ]);
      const additional = isRecord(item.additionalOperations)
        ? {
            additionalOperations: Object.fromEntries(
              Object.entries(item.additionalOperations).map(([method, value]) => [
                method,
                isRecord(value) ? withKept(value) : value,
              ]),
            ),
          }
        : {};
      return [path, withKept({ ...Object.fromEntries(operations), ...additional })];
    }),
  );
  return { ...withKept(document), paths };
}

/**
 * `document` with the page's example request written into the operation the
 * console opens on. Scalar fills its fields from examples: the page hands the
 * parameters with theirs (the value its samples send, or a disabled one), and
 * the body's media type gets the sample's body: the first Send is the call
 * the samples show. Only this operation changes; a `$ref`'d body is copied
 * into it, never edited where it is shared.
 */
export function withPageRequest(document: Record<string, unknown>, target: ConsoleTarget): Record<string, unknown> {
  const paths = document.paths;
  const item = isRecord(paths) ? paths[target.path] : undefined;
  const method = target.method.toLowerCase();
  const operation = isRecord(item) ? item[method] : undefined;
  if (!isRecord(paths) || !isRecord(item) || !isRecord(operation)) return document;
  // The page hands every parameter written out whole, the path item's included: an operation's parameter wins over
  // the path item's of the same name and place, so this list is what Scalar shows. The path item's stay for its
  // other operations.
  const changed: Record<string, unknown> = { ...operation, parameters: target.request.parameters };
  const body = target.request.body;
  const requestBody = resolveLocal(document, operation.requestBody);
  if (body && isRecord(requestBody) && isRecord(requestBody.content)) {
    const media = requestBody.content[body.mediaType];
    if (isRecord(media)) {
      const { example: _example, examples: _examples, ...rest } = media;
      // A file cannot be filled in for the reader: the console leaves it for them to choose (a body that is a
      // file's bytes has no example at all).
      const example = body.files ? withoutFields(body.value, Object.keys(body.files)) : body.value;
      // Under the same example name as the parameters' (`page`): Scalar sends the one example of that name, and with
      // a lone `example` (its `default`) it found no path values under it ("Path parameters must have values").
      const content = {
        ...requestBody.content,
        [body.mediaType]: body.file === undefined ? { ...rest, examples: { page: { value: example } } } : rest,
      };
      changed.requestBody = { ...requestBody, content };
    }
  }
  return { ...document, paths: { ...paths, [target.path]: { ...item, [method]: changed } } };
}

function withoutFields(value: unknown, names: readonly string[]): unknown {
  return isRecord(value) ? Object.fromEntries(Object.entries(value).filter(([name]) => !names.includes(name))) : value;
}

/** Follows `#/…` references within the document (a few hops at most); anything else comes back as it is. */
function resolveLocal(document: unknown, value: unknown): unknown {
  let current = value;
  for (let hop = 0; hop < 8 && isRecord(current) && typeof current.$ref === 'string'; hop++) {
    if (!current.$ref.startsWith('#')) return current;
    const found = getAtPointer(document, decodeURIComponent(current.$ref.slice(1)));
    if (!found.found) return current;
    current = found.value;
  }
  return current;
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
