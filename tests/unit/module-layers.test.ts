/**
 * The rooms of src/ import downwards only, so that each can change without the others: the site's configuration
 * (src/site/) sits on a low floor that pages, publishing and the sandbox all read; page logic (src/reference/) never
 * reaches into what a build publishes; publishing never into what the guides run; the spec model knows nothing of
 * pages. A failing case names the file and the import that climbs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');

/** Each TypeScript and Astro file under `room`, with the rooms of src/ it imports by relative path. */
function importsOf(room: string): { file: string; imports: string[] }[] {
  const files = readdirSync(path.join(src, room), { recursive: true, encoding: 'utf8' }).filter((f) =>
    /\.(ts|astro)$/.test(f),
  );
  return files.map((file) => {
    const full = path.join(src, room, file);
    const text = readFileSync(full, 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
    const rooms = specifiers.map((s) => path.relative(src, path.resolve(path.dirname(full), s)).split(path.sep)[0]);
    return {
      file: path.join(room, file),
      imports: [...new Set(rooms)].filter((r): r is string => r !== undefined && r !== room),
    };
  });
}

/** `file → room` for every import of `room` into a room it may not import. */
function climbing(room: string, allowed: (imported: string) => boolean): string[] {
  return importsOf(room).flatMap(({ file, imports }) =>
    imports.filter((imported) => !allowed(imported)).map((imported) => `${file} → ${imported}/`),
  );
}

describe('the rooms of src/', () => {
  it('site/ (the configuration) imports only the spec model and the contracts', () => {
    expect(climbing('site', (r) => r === 'openapi' || r === 'contracts')).toEqual([]);
  });

  it('reference/ (page logic) imports nothing of publishing/', () => {
    expect(climbing('reference', (r) => r !== 'publishing')).toEqual([]);
  });

  it('publishing/ imports nothing of guides/', () => {
    expect(climbing('publishing', (r) => r !== 'guides')).toEqual([]);
  });

  it('openapi/ (the spec model) imports no pages, components, publishing or site', () => {
    const pageRooms = new Set(['reference', 'components', 'pages', 'publishing', 'site', 'data', 'integration']);
    expect(climbing('openapi', (r) => !pageRooms.has(r))).toEqual([]);
  });
});

const reference = path.join(src, 'reference');

/** Each file of reference/'s `room`, with the files of reference/ it imports, as `room/file.ts` (top-level: `file.ts`). */
function referenceImportsOf(room: string): { file: string; imports: string[] }[] {
  const files = readdirSync(path.join(reference, room), { encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.map((file) => {
    const full = path.join(reference, room, file);
    const specifiers = [...readFileSync(full, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)];
    const imports = specifiers
      .map((m) =>
        path
          .relative(reference, path.resolve(path.dirname(full), m[1] as string))
          .split(path.sep)
          .join('/'),
      )
      .filter((imported) => !imported.startsWith('..'));
    return { file, imports: [...new Set(imports)] };
  });
}

/** `room/file → imported` for every import of reference/'s `room` that `allowed` refuses. */
function climbingInReference(room: string, allowed: (imported: string, file: string) => boolean): string[] {
  return referenceImportsOf(room).flatMap(({ file, imports }) =>
    imports.filter((imported) => !allowed(imported, file)).map((imported) => `${room}/${file} → ${imported}`),
  );
}

const roomOf = (imported: string) => (imported.includes('/') ? (imported.split('/')[0] ?? '') : '');

/**
 * The rooms of src/reference/: pages/ (each kind of page and its outline), twins/ (their Markdown), site-lists/
 * (lists across the site), changelog/, shared/ (what several use), and the top (routes, the table of kinds, props,
 * versions). A page is planned before it is written as Markdown or listed, so outlines never import twins or lists.
 */
describe('the rooms of src/reference/', () => {
  it('shared/ imports only shared/ and the top level', () => {
    expect(climbingInReference('shared', (imported) => ['shared', ''].includes(roomOf(imported)))).toEqual([]);
  });

  it("pages/: only the kinds' modules import twins/ (an outline is what the twin is written from)", () => {
    const kindModule = (file: string) => file === 'page-kind.ts' || file.endsWith('-page.ts');
    expect(climbingInReference('pages', (imported, file) => roomOf(imported) !== 'twins' || kindModule(file))).toEqual(
      [],
    );
  });

  it("pages/ imports of site-lists/ only navigation.ts (the sidebar's group anchors the introduction links to)", () => {
    expect(
      climbingInReference(
        'pages',
        (imported) => roomOf(imported) !== 'site-lists' || imported === 'site-lists/navigation.ts',
      ),
    ).toEqual([]);
  });

  it('twins/ imports nothing of site-lists/ or changelog/', () => {
    expect(climbingInReference('twins', (imported) => !['site-lists', 'changelog'].includes(roomOf(imported)))).toEqual(
      [],
    );
  });

  it('changelog/ imports nothing of pages/ or site-lists/', () => {
    expect(climbingInReference('changelog', (imported) => !['pages', 'site-lists'].includes(roomOf(imported)))).toEqual(
      [],
    );
  });
});
