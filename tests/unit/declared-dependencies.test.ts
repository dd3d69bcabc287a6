/**
 * What the code imports is what package.json declares: a package that works only because npm hoisted it (another
 * package's dependency) breaks the day that package drops it. And imports go through the entry points a package
 * exports, not paths into its files, which change with any release.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BareImport, bareImports } from '../support/bare-imports.ts';
import { root } from './support/programs.ts';

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: unknown;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
const manifest = readJson(path.join(root, 'package.json'));
const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
const devDependencies = new Set(Object.keys(manifest.devDependencies ?? {}));
const declared = (name: string) => dependencies.has(name) || devDependencies.has(name);
/** `hast` → `@types/hast`, `@scope/name` → `@types/scope__name`: where a types-only import's types come from. */
const typesPackage = (name: string) => `@types/${name.replace(/^@/, '').replace('/', '__')}`;

/**
 * The one import by a path into a package's files, on purpose: astro.config.mjs's `starlight-user-components/`
 * alias reaches Starlight's Badge and Steps' processor by their own files, because its components barrel puts every
 * component's styles on every page. It is not a package, so it is checked apart: each file it names must exist in
 * the installed Starlight (a release that moves them fails here, not on a reader's page).
 */
const starlightUserComponents = 'starlight-user-components/';
const isAliased = (i: BareImport) => i.specifier.startsWith(starlightUserComponents);
/** The portal's fact components as a docs team's guides import them (astro.config.mjs's alias): ours, no package. */
const isPortalComponents = (i: BareImport) => i.specifier === '@portal/components';

/** What the site's build and the sandbox run: a package they import must be installed without dev dependencies. */
const shippedAndAliased = bareImports(root, ['src', 'astro.config.mjs']);
const shipped = shippedAndAliased.filter((i) => !isAliased(i));
const all = [...shipped, ...bareImports(root, ['tests']).filter((i) => !isAliased(i) && !isPortalComponents(i))];
const where = (imports: BareImport[]) => imports.map((i) => `${i.file}: ${i.specifier}`);

describe('package.json', () => {
  it('finds the imports it checks (so the checks below can fail)', () => {
    expect(shipped.map((i) => i.packageName)).toEqual(expect.arrayContaining(['astro', 'openapi-types', 'vite']));
    expect(all.some((i) => i.file.startsWith('tests/') && i.packageName === 'vitest')).toBe(true);
  });

  it('declares every package the code imports', () => {
    const undeclared = all.filter(
      (i) => !declared(i.packageName) && !(i.typeOnly && declared(typesPackage(i.packageName))),
    );
    expect(where(undeclared)).toEqual([]);
  });

  it('has what the build and the sandbox run in dependencies, not devDependencies', () => {
    const devOnly = shipped.filter((i) => !i.typeOnly && !dependencies.has(i.packageName));
    expect(where(devOnly)).toEqual([]);
  });

  it('has packages the build and the sandbox import only for types in devDependencies', () => {
    const names = new Set(shipped.map((i) => i.packageName));
    const typesOnly = [...names].filter((name) => shipped.every((i) => i.packageName !== name || i.typeOnly));
    expect(typesOnly.filter((name) => dependencies.has(name))).toEqual([]);
  });

  it('reaches through the starlight-user-components alias only files the installed Starlight has', () => {
    const aliased = shippedAndAliased.filter(isAliased);
    expect(aliased.length).toBeGreaterThan(0);
    const missing = aliased.filter(
      (i) =>
        !existsSync(
          path.join(
            root,
            'node_modules/@astrojs/starlight/dist/user-components',
            i.specifier.slice(starlightUserComponents.length),
          ),
        ),
    );
    expect(where(missing)).toEqual([]);
  });

  it('imports packages through the entry points they export, never by a path into their files', () => {
    const intoFiles = all.filter((i) => i.specifier !== i.packageName && !exported(i));
    expect(where(intoFiles)).toEqual([]);
  });
});

/** Whether a subpath import (`pkg/sub`, maybe with Vite's `?url`) is one of the package's `exports`. */
function exported({ specifier, packageName }: BareImport): boolean {
  const { exports } = readJson(path.join(root, 'node_modules', packageName, 'package.json'));
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return false;
  const subpath = `.${specifier.slice(packageName.length).split('?')[0]}`;
  return Object.keys(exports).some((key) => {
    const star = key.indexOf('*');
    if (star < 0) return key === subpath;
    return subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1));
  });
}
