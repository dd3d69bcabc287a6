/**
 * The spec's paths as Hono routes. The sandbox serves exactly the operations the spec lists: a method a path does
 * not have is a 405 whose Allow names the path's methods, a plain OPTIONS on a path lists them (RFC 9110 §9.3.7;
 * the console's probe), and any other path is a 404 (the app's notFound).
 */
import type { Handler, Hono } from 'hono';
import type { ApiOperation } from '../openapi/index.ts';
import { ApiError } from './api-error.ts';
import type { SandboxEnv } from './callers.ts';

/** One path template of the spec with its operations. */
export interface SpecPath {
  /** In Hono's syntax: `/pets/{petId}` → `/pets/:petId`. */
  route: string;
  operations: ApiOperation[];
  /** Its methods in upper case, in the spec's order. */
  methods: string[];
}

export function specPaths(operations: readonly ApiOperation[]): SpecPath[] {
  const byTemplate = new Map<string, SpecPath>();
  for (const operation of operations) {
    let path = byTemplate.get(operation.path);
    if (!path) {
      path = { route: honoRoute(operation.path), operations: [], methods: [] };
      byTemplate.set(operation.path, path);
    }
    path.operations.push(operation);
    path.methods.push(operation.method.toUpperCase());
  }
  // Hono tries matching routes in the order they were added: templates with fewer parameters win
  // (`/pets/mine` over `/pets/{petId}`).
  const parameters = (path: SpecPath) => path.route.split(':').length;
  return [...byTemplate.values()].sort((a, b) => parameters(a) - parameters(b));
}

/** A plain OPTIONS on a known path: 204 listing its methods. Added before the admission gate, so not counted. */
export function listMethods(app: Hono<SandboxEnv>, paths: readonly SpecPath[]): void {
  for (const path of paths) {
    if (path.methods.includes('OPTIONS')) continue;
    const allow = ['OPTIONS', ...path.methods].join(', ');
    app.options(path.route, (c) => c.body(null, 204, { Allow: allow }));
  }
}

export function routeOperations(
  app: Hono<SandboxEnv>,
  paths: readonly SpecPath[],
  handlerFor: (operation: ApiOperation) => Handler<SandboxEnv>,
): void {
  for (const path of paths) {
    for (const operation of path.operations) app.on(operation.method.toUpperCase(), path.route, handlerFor(operation));
  }
}

/** Added after every operation: what reaches it is a method its path does not have. */
export function refuseOtherMethods(app: Hono<SandboxEnv>, paths: readonly SpecPath[]): void {
  for (const path of paths) {
    app.all(path.route, (c) => {
      throw new ApiError(
        'method_not_allowed',
        `${new URL(c.req.url).pathname} does not support ${c.req.method}; use ${path.methods.join(' or ')}.`,
        { Allow: path.methods.join(', ') },
      );
    });
  }
}

/**
 * `{name}` → `:name`. Hono's parameters are whole segments, as every template of the Pet Store's is; a template
 * with one inside a segment (`/files/{name}.json`), or with Hono's own syntax (`:`, `*`), is refused rather than
 * routed wrongly.
 */
function honoRoute(template: string): string {
  return template
    .split('/')
    .map((segment) => {
      const name = /^\{([^{}]+)\}$/.exec(segment)?.[1];
      if (name !== undefined) return `:${name}`;
      if (/[{}:*]/.test(segment)) {
        throw new Error(`The sandbox cannot route ${template}: a segment must be text or one whole {parameter}.`);
      }
      return segment;
    })
    .join('/');
}
