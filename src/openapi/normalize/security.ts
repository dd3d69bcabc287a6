/** Security schemes and requirements → ApiSecurityScheme and ApiSecurityRequirement. */
import type { OpenAPIV3 } from 'openapi-types';
import { escapeSegment } from '../json-pointer.ts';
import type { ApiOAuthFlow, ApiSecurityRequirement, ApiSecurityScheme } from '../model.ts';
import type { Reading } from './context.ts';

export function readSecuritySchemes(reading: Reading): ApiSecurityScheme[] {
  return Object.entries(reading.document.components?.securitySchemes ?? {}).map(([key, raw]) => {
    const scheme = reading.deref<OpenAPIV3.SecuritySchemeObject>(raw);
    const result: ApiSecurityScheme = { key, type: scheme.type };
    if (scheme.description) result.description = scheme.description;
    if (scheme.type === 'apiKey') result.apiKey = { in: scheme.in as 'header' | 'query' | 'cookie', name: scheme.name };
    if (scheme.type === 'http') result.httpScheme = scheme.scheme;
    if (scheme.type === 'oauth2') result.oauthFlows = readFlows(scheme.flows);
    if (scheme.type === 'openIdConnect') result.openIdConnectUrl = scheme.openIdConnectUrl;
    return result;
  });
}

const flowUrls = ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'deviceAuthorizationUrl'] as const;

/** An OAuth 2 scheme's flows, with their URLs and scopes (3.2 adds `deviceAuthorization`). */
function readFlows(flows: unknown): ApiOAuthFlow[] {
  if (typeof flows !== 'object' || flows === null) return [];
  return Object.entries(flows as Record<string, unknown>).flatMap(([flow, written]) => {
    if (typeof written !== 'object' || written === null) return [];
    const fields = written as Record<string, unknown>;
    const scopes = typeof fields.scopes === 'object' && fields.scopes !== null ? fields.scopes : {};
    const result: ApiOAuthFlow = {
      flow,
      scopes: Object.entries(scopes).map(([name, description]) => ({ name, description: String(description ?? '') })),
    };
    for (const key of flowUrls) if (typeof fields[key] === 'string') result[key] = fields[key];
    return [result];
  });
}

/** Reads a `security` list against the schemes; a name no scheme has is an error. */
export type SecurityReader = (
  requirements: OpenAPIV3.SecurityRequirementObject[] | undefined,
  pointer: string,
) => ApiSecurityRequirement[];

export function securityReader(reading: Reading, schemes: readonly ApiSecurityScheme[]): SecurityReader {
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  return (requirements, pointer) =>
    (requirements ?? []).map(
      (requirement, i): ApiSecurityRequirement => ({
        schemes: Object.entries(requirement).flatMap(([key, scopes]) => {
          const scheme = byKey.get(key);
          if (!scheme) {
            reading.problems.push({
              severity: 'error',
              pointer: `${pointer}/${i}/${escapeSegment(key)}`,
              message: `The security requirement names "${key}", which is not defined under components.securitySchemes.`,
              hint: `Defined schemes: ${[...byKey.keys()].join(', ') || 'none'}.`,
            });
            return [];
          }
          return [{ scheme, scopes }];
        }),
      }),
    );
}
