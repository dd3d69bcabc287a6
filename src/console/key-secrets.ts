/**
 * A key as Scalar's auth secrets hold it, for each form a scheme takes it in: an API key or bearer token is the
 * scheme's token; a basic scheme gets it as user name and password; an OAuth 2 scheme as the token of every flow,
 * whichever the reader has chosen. And the key back out of what the reader typed there.
 */
import type { KeyForm } from '../contracts/console-target.ts';
import { isRecord } from '../openapi/browser.ts';

const TOKEN = 'x-scalar-secret-token';
const USERNAME = 'x-scalar-secret-username';
const PASSWORD = 'x-scalar-secret-password';

/**
 * With the scheme's `type`: Scalar coerces the secrets into one of its shapes, and without a type a bare token
 * became an API key's, which a bearer scheme does not read (its first Send went out as `Bearer ` and nothing).
 */
export function keySecrets(form: KeyForm | undefined, key: string): Record<string, unknown> {
  switch (form?.kind) {
    case 'basic':
      return { type: 'http', [USERNAME]: key, [PASSWORD]: key };
    case 'bearer':
      return { type: 'http', [TOKEN]: key };
    case 'oauth2':
      return { type: 'oauth2', ...Object.fromEntries(form.flows.map((flow) => [flow, { [TOKEN]: key }])) };
    default:
      return { type: 'apiKey', [TOKEN]: key };
  }
}

/** The key the secrets hold ('' when none): what the reader typed into the scheme's field. */
export function keyFromSecrets(form: KeyForm | undefined, secrets: unknown): string {
  if (!isRecord(secrets)) return '';
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (form?.kind) {
    case 'basic':
      return text(secrets[USERNAME]);
    case 'oauth2': {
      for (const flow of form.flows) {
        const held = secrets[flow];
        if (isRecord(held) && text(held[TOKEN])) return text(held[TOKEN]);
      }
      return '';
    }
    default:
      return text(secrets[TOKEN]);
  }
}
