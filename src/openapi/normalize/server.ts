/** Server objects → ApiServer, with the sandbox's demo keys (`x-demo-keys`). */
import type { OpenAPIV3 } from 'openapi-types';
import { readDemoKeys } from '../extensions/x-demo-keys.ts';
import type { ApiRateLimits, ApiServer } from '../model.ts';
import type { Reading } from './context.ts';

export function readServers(servers: OpenAPIV3.ServerObject[] | undefined): ApiServer[] {
  if (!servers || servers.length === 0) return [{ url: '/', variables: [] }];
  return servers.map((server) => {
    const result: ApiServer = {
      url: server.url,
      variables: Object.entries(server.variables ?? {}).map(([name, variable]) => {
        const v: ApiServer['variables'][number] = { name, default: String(variable.default) };
        if (variable.enum) v.enum = variable.enum.map(String);
        if (variable.description) v.description = variable.description;
        return v;
      }),
    };
    if (server.description) result.description = server.description;
    return result;
  });
}

/** The document's servers, each with the demo keys it accepts. */
export function readDocumentServers(reading: Reading, rateLimits: ApiRateLimits | undefined): ApiServer[] {
  const written = reading.document.servers ?? [];
  const servers = readServers(written);
  written.forEach((server, i) => {
    const raw = (server as unknown as Record<string, unknown>)['x-demo-keys'];
    const demoKeys = reading.take(readDemoKeys(raw, i, rateLimits));
    const target = servers[i];
    if (demoKeys && target) target.demoKeys = demoKeys;
  });
  return servers;
}
