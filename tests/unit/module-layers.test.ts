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
