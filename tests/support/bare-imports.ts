/**
 * Every import of a package (a bare specifier: not relative, not `node:`, not a virtual module) in the project's
 * source files, with whether it is for types only. TypeScript's parser reads them, so an import in a comment or a
 * string is not one; `.astro` files are read in their frontmatter and `<script>`s, `.mdx` in their import lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface BareImport {
  /** The file, relative to the root it was found under. */
  file: string;
  specifier: string;
  /** The package it names: `@scope/name` or `name`. */
  packageName: string;
  /** `import type …` / `export type …`: erased before anything runs. */
  typeOnly: boolean;
}

const sourceExtensions = /\.(ts|mts|mjs|js|astro|mdx)$/;
const notPackages = /^(\.|\/|node:|astro:|virtual:)/;

/** The package a bare specifier names: `@scope/name/deep/file.js` → `@scope/name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The bare imports of the files under `dirs` (or the files themselves), paths relative to `root`. */
export function bareImports(root: string, dirs: string[]): BareImport[] {
  return dirs.flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) => importsOf(root, file));
}

function sourceFiles(at: string): string[] {
  if (!readdirSafe(at)) return sourceExtensions.test(at) ? [at] : [];
  return readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(at, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return sourceExtensions.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function readdirSafe(at: string): boolean {
  try {
    readdirSync(at);
    return true;
  } catch {
    return false;
  }
}

function importsOf(root: string, file: string): BareImport[] {
  const source = readFileSync(file, 'utf8');
  const code = file.endsWith('.astro') ? astroCode(source) : file.endsWith('.mdx') ? mdxCode(source) : source;
  const parsed = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly ?? false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push({ specifier: literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  const relative = path.relative(root, file);
  return found
    .filter(({ specifier }) => !notPackages.test(specifier))
    .map(({ specifier, typeOnly }) => ({ file: relative, specifier, packageName: packageOf(specifier), typeOnly }));
}

/** An .astro file's code: its frontmatter and the bodies of its `<script>` elements. */
function astroCode(source: string): string {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  return [frontmatter, ...scripts].join('\n;\n');
}

/** An .mdx file's ESM lines (imports and exports start at the beginning of a line). */
function mdxCode(source: string): string {
  return source
    .split('\n')
    .filter((line) => /^(import|export)\s/.test(line))
    .join('\n');
}
