/** An operation's parameters: path-level and operation-level lists merged, and the path template checked. */
import type { OpenAPIV3 } from 'openapi-types';
import type { ApiParameter } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import { readParameterFields } from './content.ts';
import { type Reading, wrongKind } from './context.ts';

/** Path-level parameters, overridden by operation-level ones with the same name and location. */
export function mergeParameters(
  reading: Reading,
  levels: { list: OpenAPIV3.PathItemObject['parameters']; pointer: string }[],
): ApiParameter[] {
  const merged = new Map<string, ApiParameter>();
  for (const { list, pointer } of levels) {
    (list ?? []).forEach((raw, i) => {
      const parameter = reading.deref<OpenAPIV3.ParameterObject>(raw);
      if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string') {
        reading.problems.push(wrongKind(`${pointer}/${i}`, 'a parameter', '`name` and `in`'));
        return;
      }
      const result: ApiParameter = {
        ...readParameterFields(parameter.name, parameter, reading.deref),
        in: parameter.in as ApiParameter['in'],
      };
      if (typeof parameter.style === 'string') result.style = parameter.style;
      if (typeof parameter.explode === 'boolean') result.explode = parameter.explode;
      if (typeof parameter.allowReserved === 'boolean') result.allowReserved = parameter.allowReserved;
      merged.set(`${parameter.in}\u0000${parameter.name}`, result);
    });
  }
  return [...merged.values()];
}

/**
 * Every `{name}` in the path has a path parameter, and every path parameter is in the path. A mismatch is
 * confined to one operation, which can still be drawn as written (Redoc and Scalar do), so it is a warning;
 * --strict refuses it. A query string written into the path key (`/search?query={query}`) has its own warning, so
 * only the part before `?` is read here.
 */
export function checkPathParameters(path: string, parameters: readonly ApiParameter[], pointer: string): SpecProblem[] {
  const inTemplate = [...(path.split('?')[0] ?? '').matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
  const problems: SpecProblem[] = [];
  for (const name of inTemplate) {
    if (!declared.has(name)) {
      problems.push({
        severity: 'warning',
        pointer,
        message: `The path ${path} has {${name}}, but the operation declares no path parameter "${name}"; the page shows the path as written.`,
        hint: `Add a parameter with \`name: ${name}\`, \`in: path\` and \`required: true\`.`,
      });
    }
  }
  for (const name of declared) {
    if (!inTemplate.includes(name)) {
      problems.push({
        severity: 'warning',
        pointer,
        message: `The path parameter "${name}" does not appear in the path ${path}; requests leave it out.`,
        hint: `Write {${name}} in the path, or change the parameter's location.`,
      });
    }
  }
  return problems;
}
