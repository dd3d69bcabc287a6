/**
 * The credentials a description declares, as a sandbox checks them: an operation's security is met when one of
 * its requirements has every scheme's credential present in the declared form (an API key in its header, query
 * parameter or cookie; `Authorization: Bearer …` for bearer, OAuth 2 and OpenID Connect; `Basic …` for basic).
 * Any credential of that form is accepted: the sandbox has no accounts. A personal key the sandbox issued, sent
 * as any of them, names the caller (its own data and limits).
 */
import type { ApiSecurityRequirement, ApiSecurityScheme } from '../../openapi/index.ts';

/** The parts of a request credentials come in. */
export interface CredentialSource {
  header(name: string): string | undefined;
  query: URLSearchParams;
}

/** The credential sent for `scheme`, as text (a key, a token, a basic user name and password); undefined without one. */
export function credentialFor(scheme: ApiSecurityScheme, request: CredentialSource): string | undefined {
  if (scheme.apiKey) {
    const { in: where, name } = scheme.apiKey;
    const value =
      where === 'header'
        ? request.header(name)
        : where === 'query'
          ? (request.query.get(name) ?? undefined)
          : cookie(request.header('cookie'), name);
    return value?.trim() || undefined;
  }
  const authorization = request.header('authorization')?.trim() ?? '';
  const [kind = '', ...rest] = authorization.split(/\s+/);
  const value = rest.join(' ');
  if (scheme.type === 'http') {
    const wanted = (scheme.httpScheme ?? 'bearer').toLowerCase();
    if (kind.toLowerCase() !== wanted || value === '') return undefined;
    if (wanted !== 'basic') return value;
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.includes(':') ? decoded : undefined;
  }
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    return kind.toLowerCase() === 'bearer' && value !== '' ? value : undefined;
  }
  // mutualTLS is the connection's, which a sandbox behind a proxy cannot see: taken as met.
  return 'mutual-tls';
}

/** Whether the request meets one of the operation's requirements (always, when it has none or an empty one). */
export function meetsSecurity(requirements: readonly ApiSecurityRequirement[], request: CredentialSource): boolean {
  if (requirements.length === 0) return true;
  return requirements.some((requirement) =>
    requirement.schemes.every(({ scheme }) => credentialFor(scheme, request) !== undefined),
  );
}

/** What the refusal tells the caller to send: the first requirement's credentials, in words. */
export function expectedCredentials(requirements: readonly ApiSecurityRequirement[]): string {
  const first = requirements[0]?.schemes ?? [];
  return first.map(({ scheme }) => credentialWords(scheme)).join(' and ');
}

function credentialWords(scheme: ApiSecurityScheme): string {
  if (scheme.apiKey) {
    const place = { header: 'header', query: 'query parameter', cookie: 'cookie' }[scheme.apiKey.in];
    return `an API key in the ${scheme.apiKey.name} ${place}`;
  }
  if (scheme.type === 'http' && scheme.httpScheme?.toLowerCase() === 'basic') {
    return 'a user name and password in an Authorization: Basic header';
  }
  if (scheme.type === 'http') return `an Authorization: ${capitalized(scheme.httpScheme ?? 'Bearer')} header`;
  if (scheme.type === 'oauth2') return 'an OAuth 2 access token in an Authorization: Bearer header';
  if (scheme.type === 'openIdConnect') return 'an OpenID Connect token in an Authorization: Bearer header';
  return `the ${scheme.key} credential`;
}

/** `WWW-Authenticate` for a refusal (RFC 9110 §11.6.1), where the scheme is an HTTP authentication scheme. */
export function authenticateChallenge(requirements: readonly ApiSecurityRequirement[]): string | undefined {
  const challenges = new Set<string>();
  for (const { schemes } of requirements) {
    for (const { scheme } of schemes) {
      if (scheme.type === 'http') challenges.add(`${capitalized(scheme.httpScheme ?? 'Bearer')} realm="sandbox"`);
      else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') challenges.add('Bearer realm="sandbox"');
    }
  }
  return challenges.size > 0 ? [...challenges].join(', ') : undefined;
}

/** Every credential-looking value the request carries for any of `schemes`, for finding a personal key. */
export function presentedCredentials(schemes: readonly ApiSecurityScheme[], request: CredentialSource): string[] {
  const values = new Set<string>();
  for (const scheme of schemes) {
    const value = credentialFor(scheme, request);
    if (value === undefined || value === 'mutual-tls') continue;
    // Basic: the key may be sent as the user name or the password (`user:password` whole is neither).
    if (scheme.type === 'http' && scheme.httpScheme?.toLowerCase() === 'basic') {
      const colon = value.indexOf(':');
      values.add(value.slice(0, colon));
      values.add(value.slice(colon + 1));
    } else values.add(value);
  }
  return [...values];
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
