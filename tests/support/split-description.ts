/**
 * A one-file OpenAPI 3 description written out as docs teams split theirs: each path item in `paths/`, each
 * schema in `schemas/`, the rest in the root file, with `$ref`s between the files (`../schemas/Pet.yaml`,
 * `../openapi.yaml#/components/responses/Error`). The corpus test builds the result; the benchmark compares its
 * build with the one-file original's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dump } from 'js-yaml';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Writes `document` into `dir` as several files; returns the root file's path. */
export function splitDescription(document: Json, dir: string): string {
  const paths = isRecord(document.paths) ? document.paths : {};
  const components = isRecord(document.components) ? document.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  const fileOf = new Map<string, string>();
  const taken = new Set<string>();
  const fileName = (name: string) => {
    const base = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80) || 'item';
    let file = base;
    for (let n = 2; taken.has(file.toLowerCase()); n++) file = `${base}_${n}`;
    taken.add(file.toLowerCase());
    return `${file}.yaml`;
  };
  for (const name of Object.keys(schemas)) fileOf.set(name, fileName(name));

  /** `$ref`s as seen from a file in `paths/` or `schemas/`. */
  const fromSubfolder = (folder: 'paths' | 'schemas') => (ref: string) => {
    const [, schema, rest = ''] = /^#\/components\/schemas\/([^/]+)(\/.*)?$/.exec(ref) ?? [];
    const file = schema === undefined ? undefined : fileOf.get(decode(schema));
    if (file) return `${folder === 'schemas' ? file : `../schemas/${file}`}${rest ? `#${rest}` : ''}`;
    return ref.startsWith('#') ? `../openapi.yaml${ref}` : ref;
  };

  mkdirSync(path.join(dir, 'paths'), { recursive: true });
  mkdirSync(path.join(dir, 'schemas'), { recursive: true });
  const rootPaths: Json = {};
  taken.clear();
  for (const [name, item] of Object.entries(paths)) {
    const file = fileName(name.replace(/^\//, '') || 'root');
    writeFileSync(path.join(dir, 'paths', file), yaml(rewrite(item, fromSubfolder('paths'))));
    rootPaths[name] = { $ref: `paths/${file}` };
  }
  const rootSchemas: Json = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const file = fileOf.get(name) ?? '';
    writeFileSync(path.join(dir, 'schemas', file), yaml(rewrite(schema, fromSubfolder('schemas'))));
    rootSchemas[name] = { $ref: `schemas/${file}` };
  }
  const root: Json = { ...document, paths: rootPaths };
  if (Object.keys(schemas).length > 0) root.components = { ...components, schemas: rootSchemas };
  const rootFile = path.join(dir, 'openapi.yaml');
  writeFileSync(rootFile, yaml(root));
  return rootFile;
}

/** A copy with each `$ref` changed by `change` (example values and extensions, which hold data, left alone). */
function rewrite(value: unknown, change: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, change));
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') out[key] = change(child);
    else if (['example', 'default', 'enum', 'const'].includes(key) || key.startsWith('x-')) out[key] = child;
    else out[key] = rewrite(child, change);
  }
  return out;
}

function yaml(value: unknown): string {
  return dump(value, { lineWidth: -1, noRefs: true });
}

function decode(segment: string): string {
  return decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
}
