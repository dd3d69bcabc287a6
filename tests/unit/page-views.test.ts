/**
 * Each kind of reference page (`reference/page-kinds.ts`) has its view, found by its name
 * (`components/reference/page-views.ts`), and the view takes what its kind gives it: its `Props` are the kind's,
 * which `astro check` then checks the view against. A view named for no kind would be bundled into every page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { viewFileOf, viewFiles, viewOf } from '../../src/components/reference/page-views.ts';
import { type PageType, type PageView, pageKinds } from '../../src/reference/page-kinds.ts';

const components = path.resolve(import.meta.dirname, '../../src/components');
const types = Object.keys(pageKinds) as PageType[];

/** A view's source, where the glob finds it (components/reference/, else components/shared/). */
function viewSource(file: string): string {
  for (const folder of ['reference', 'shared']) {
    try {
      return readFileSync(path.join(components, folder, file), 'utf8');
    } catch {}
  }
  throw new Error(`${file} is in neither components/reference/ nor components/shared/`);
}

describe('the views of the kinds of reference page', () => {
  it('every kind has a view, and every view found is a kind’s', () => {
    expect(viewFiles.toSorted()).toEqual(types.map(viewFileOf).toSorted());
    for (const type of types) expect(viewOf({ type } as PageView)).toBeTypeOf('function');
  });

  it('each view takes its own kind’s props', () => {
    for (const type of types) {
      const declared = /type Props = ViewProps<'([^']+)'>;/.exec(viewSource(viewFileOf(type)))?.[1];
      expect(declared, viewFileOf(type)).toBe(type);
    }
  });
});
