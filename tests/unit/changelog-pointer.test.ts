/**
 * The Versioning guide's pointer to the changelog (components/guides/ChangelogPointer.astro): on a site that
 * publishes an earlier major (tests/fixtures/versions/: 1.x from 1.1.0, 2.0.0 current) it says where 1.x stays
 * readable and links the way from it.
 */
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './support/programs.ts';

// The component reads the description the build reads: set before it is first loaded, and unset after, as the
// process may run other test files next.
const before = process.env.PETSTORE_SPEC;
process.env.PETSTORE_SPEC = path.join(root, 'tests/fixtures/versions/openapi.yaml');
afterAll(() => {
  if (before === undefined) delete process.env.PETSTORE_SPEC;
  else process.env.PETSTORE_SPEC = before;
});
const { default: ChangelogPointer } = await import('../../src/components/guides/ChangelogPointer.astro');

describe('the Versioning guide’s changelog pointer', () => {
  it('names the current version and links each earlier major and its migration page', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ChangelogPointer);
    const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text).toContain('2.0.0 is the current version. Earlier majors stay readable');
    expect(html).toContain('<a href="/reference/1.x/">1.x (1.1.0)</a>');
    expect(html).toContain('<a href="/changelog/from-1.x/">migrating from 1.x</a>');
  });
});
