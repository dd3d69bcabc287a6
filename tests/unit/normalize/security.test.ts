/** src/openapi/normalize/security.ts: security schemes, OAuth 2 flows and scopes included. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelOf } from '../support/check.ts';

const events = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/events-3.2/openapi.yaml'), 'utf8');

describe('security schemes', () => {
  it('read an OAuth 2 scheme’s flows, URLs and scopes, so nothing about getting a token is left out', async () => {
    const model = await modelOf(events);
    expect(model.securitySchemes).toEqual([
      {
        key: 'hubAuth',
        type: 'oauth2',
        description: 'Tokens for services that publish events.',
        oauthFlows: [
          {
            flow: 'clientCredentials',
            tokenUrl: 'https://auth.example.com/token',
            scopes: [
              { name: 'events:write', description: 'Publish events.' },
              { name: 'events:read', description: 'Read and search events.' },
            ],
          },
        ],
      },
    ]);
    expect(model.warnings).toEqual([]);
  });

  it('give each operation the scopes it asks for', async () => {
    const model = await modelOf(events);
    const publish = model.operations.find((o) => o.operationId === 'publishEvent');
    expect(publish?.security.map((r) => r.schemes.map((s) => [s.scheme.key, s.scopes]))).toEqual([
      [['hubAuth', ['events:write']]],
    ]);
  });

  it('read where an OpenID Connect provider is described', async () => {
    const model = await modelOf(
      events.replace(
        '    hubAuth:\n      type: oauth2',
        '    oidc:\n      type: openIdConnect\n      openIdConnectUrl: https://auth.example.com/.well-known/openid-configuration\n    hubAuth:\n      type: oauth2',
      ),
    );
    expect(model.securitySchemes[0]).toEqual({
      key: 'oidc',
      type: 'openIdConnect',
      openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration',
    });
  });
});
