/**
 * The servers a description lists as absolute base URLs, with their variables expanded: every `enum` value of each
 * variable, else its default (every combination, up to a bound). The sandbox's pass-through (`src/sandbox/pass-through/`)
 * reaches only these, and the console's wrapper (`src/console/pass-through.ts`) sends only requests to these through it.
 */
import { baseUrl } from './base-url.ts';
import type { ApiModel, ApiServer } from './model.ts';
import { sandboxServer } from './rules.ts';

/** At most this many base URLs per server (the product of its variables' values), however many values they list. */
export const maxBasesPerServer = 64;

/**
 * A server's base URLs: `origin` plus its path without the trailing slash (`https://api.example.com/v1`,
 * `https://api.example.com`), for each combination of its variables' values. Only absolute http(s) URLs without
 * credentials are kept: a relative server is the page's own origin, which needs no pass-through.
 */
export function serverBaseUrls(server: Pick<ApiServer, 'url' | 'variables'>): string[] {
  let urls = [server.url];
  for (const variable of server.variables) {
    const values = variable.enum && variable.enum.length > 0 ? variable.enum : [variable.default];
    const token = `{${variable.name}}`;
    if (!urls.some((url) => url.includes(token))) continue;
    urls = urls.flatMap((url) => values.map((value) => url.replaceAll(token, value))).slice(0, maxBasesPerServer);
  }
  const bases = new Set<string>();
  for (const url of urls) {
    const base = baseUrl(url);
    if (base) bases.add(base);
  }
  return [...bases];
}

/**
 * What the pass-through may reach: the base URLs of every server of the description, its path items and its
 * operations, except the sandbox's own (the console calls the sandbox directly).
 */
export function passThroughBases(model: ApiModel): string[] {
  const sandbox = sandboxServer(model);
  const sandboxBases = new Set(sandbox ? serverBaseUrls(sandbox) : []);
  const servers = new Set([...model.servers, ...model.operations.flatMap((operation) => operation.servers)]);
  const bases = new Set<string>();
  for (const server of servers) {
    if (server.demoKeys && server.demoKeys.length > 0) continue;
    for (const base of serverBaseUrls(server)) if (!sandboxBases.has(base)) bases.add(base);
  }
  return [...bases];
}
