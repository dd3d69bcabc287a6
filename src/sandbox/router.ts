/**
 * Matches request paths against the spec's path templates. The sandbox
 * serves exactly the operations the spec lists: anything else is an unknown
 * route (404) or a method the path does not have (405 with Allow).
 */
import type { ApiOperation } from '../openapi/index.ts';

interface CompiledPath {
  pattern: RegExp;
  names: string[];
  /** Templates with fewer parameters win: `/pets/mine` over `/pets/{petId}`. */
  parameterCount: number;
  /** By method, in upper case as requests send it. */
  operations: Map<string, ApiOperation>;
}

export type RouteMatch =
  | { kind: 'operation'; operation: ApiOperation; pathParams: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'unknown-route' };

export class Router {
  readonly #paths: CompiledPath[] = [];

  constructor(operations: readonly ApiOperation[]) {
    const byTemplate = new Map<string, CompiledPath>();
    for (const operation of operations) {
      let compiled = byTemplate.get(operation.path);
      if (!compiled) {
        const names: string[] = [];
        const source = operation.path
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const name = /^\{([^}]+)\}$/.exec(part)?.[1];
            if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
            names.push(name);
            return '([^/]+)';
          })
          .join('');
        compiled = { pattern: new RegExp(`^${source}$`), names, parameterCount: names.length, operations: new Map() };
        byTemplate.set(operation.path, compiled);
      }
      compiled.operations.set(operation.method.toUpperCase(), operation);
    }
    this.#paths = [...byTemplate.values()].sort((a, b) => a.parameterCount - b.parameterCount);
  }

  match(method: string, path: string): RouteMatch {
    for (const compiled of this.#paths) {
      const found = compiled.pattern.exec(path);
      if (!found) continue;
      const operation = compiled.operations.get(method.toUpperCase());
      if (!operation) {
        return { kind: 'wrong-method', allow: [...compiled.operations.keys()] };
      }
      const pathParams: Record<string, string> = {};
      compiled.names.forEach((name, i) => {
        pathParams[name] = safeDecode(found[i + 1] ?? '');
      });
      return { kind: 'operation', operation, pathParams };
    }
    return { kind: 'unknown-route' };
  }

  /** Every method the spec documents on any path (for CORS preflights). */
  get methods(): string[] {
    return [...new Set(this.#paths.flatMap((p) => [...p.operations.keys()]))];
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
