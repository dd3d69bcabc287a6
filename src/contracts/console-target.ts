/**
 * The contract between the pages and the live console: what an operation page tells the console about its
 * operation. The page writes it at build time as JSON on the Try-it control (src/reference/pages/console-target.ts); the
 * console reads it in the browser (src/console/) and knows nothing else of how pages are built. Plain data only:
 * neither side's code lives here.
 */
export interface ConsoleTarget {
  /** The API description as JSON; the console leaves out the operations whose console is off. */
  documentUrl: string;
  method: string;
  path: string;
  /**
   * The server URLs (as written) the console may offer: http(s) ones, or relative to the page. Any other server
   * in the description (`javascript:…`) is left out of the console's list, wherever it is written.
   */
  servers: string[];
  /**
   * For servers written without a scheme or host (`//host/v2`, `/v1`): the absolute address the console sends to in
   * their place (`https://host/v2`, the site's `https://docs.example.com/v1`). Servers written absolute are not listed.
   */
  serverAddresses?: { written: string; url: string }[];
  /** The sandbox, if there is one: a hosted one is always the console's default server, a local one when it answers. */
  sandbox?: SandboxTarget;
  /**
   * Set when `portal.json` has `"tryIt": { "passThrough": true }` and there is a sandbox service: the console sends
   * requests for the description's own servers through its guarded pass-through (the real API need not answer CORS
   * for the docs site). Everything the page shows (servers, samples) keeps the real URLs.
   */
  passThrough?: PassThroughTarget;
  /**
   * The security scheme that carries the key, e.g. `ApiKeyAuth`: the operation's API key, or on a sandbox made
   * from the description, its first credential of any form (`keyForm` then says which).
   */
  apiKeyScheme?: string;
  /** How the key goes into `apiKeyScheme` when that is not an API key: a bearer token, a basic user, an OAuth token. */
  keyForm?: KeyForm;
  /**
   * The keys a local sandbox accepts for trying the API, one per plan, in plan order
   * (lowest first). Set only when the operation takes an API key; a hosted sandbox issues personal keys instead.
   */
  sandboxDemoKeys?: DemoKey[];
  /** The lowest plan whose keys may call this operation (`x-required-plan`), when it is not every plan. */
  requiredPlan?: string;
  /** The Authentication guide (under the site's base path): how to get and send a key; only where the site ships it. */
  authenticationGuideUrl?: string;
  /** Set when the operation is deprecated. */
  deprecation?: {
    /** `YYYY-MM-DD` from `x-sunset`. */
    sunset?: string;
    successor?: { title: string; url: string };
  };
  /** The request the page's code samples show: the console's first Send makes the same call. */
  request: PageRequest;
  /** Response status (or `default`, `4XX`) → the header names the spec documents for it. */
  documentedHeaders: Record<string, string[]>;
}

/** The parameters and body of an operation's example request, as plain data. */
export interface PageRequest {
  /**
   * Every parameter of the operation, as the console is to show it: the path item's and the operation's merged and
   * their `$ref`s followed (by the spec model, at build time), as OpenAPI parameter objects.
   */
  parameters: ConsoleParameter[];
  /**
   * The body, when there is one: JSON, or a form's fields (`files`: those that are files, left for the reader), or a
   * file's bytes (`file`, left for the reader; no `value`).
   */
  body?: { mediaType: string; value: unknown; files?: Record<string, string>; file?: string };
}

/**
 * An OpenAPI parameter object whose one example is what the console fills in: the value the page's samples send, or
 * (`x-disabled`, which Scalar reads) the value it would show for one they leave out.
 */
export interface ConsoleParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated?: true;
  schema?: unknown;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  examples?: { page: { value: unknown; 'x-disabled'?: true } };
}

export interface SandboxTarget {
  /** Where the console sends requests. */
  url: string;
  /** The description's sandbox server (its URL as written): the console lists `url` in its place. */
  describedUrl?: string;
  /** A hosted sandbox, which every visitor reaches (the build's `SANDBOX_URL`), rather than one on this machine. */
  hosted: boolean;
  /**
   * Where the sandbox issues personal keys (a POST of `{ plan }` answered `{ key, plan, expiresAt }`) and the plans
   * it issues them on, lowest first. Set on a hosted sandbox when the operation takes an API key.
   */
  keyIssuer?: { url: string; plans: string[] };
}

/** Where a key goes in a scheme: as an API key, a bearer token, a basic user name and password, or an OAuth 2 token (in each flow). */
export type KeyForm = { kind: 'apiKey' } | { kind: 'bearer' } | { kind: 'basic' } | { kind: 'oauth2'; flows: string[] };

/**
 * The sandbox service's pass-through (src/sandbox/pass-through/): a request for `https://api.example.com/v1/x?y=1` is
 * sent to `${url}/${encodeURIComponent('https://api.example.com/v1/x?y=1')}` with the same method, headers and body.
 */
export interface PassThroughTarget {
  /** The pass-through's address: the sandbox's URL followed by PASS_THROUGH_PATH. */
  url: string;
  /**
   * The base URLs it reaches (origin and path, no trailing slash; each server's variables expanded to every enum
   * value, else the default): only requests at or under one of them go through it.
   */
  servers: string[];
}

/** Where the sandbox service mounts the pass-through. */
export const PASS_THROUGH_PATH = '/proxy';

/** A sandbox demo key and the plan whose limits it has. */
export interface DemoKey {
  plan: string;
  key: string;
}

/** The data attribute the page writes the target into. */
export const CONSOLE_TARGET_ATTRIBUTE = 'data-console-target';
