/**
 * list_operations on a description with more operations than one answer lists (listedUpTo): the answer is cut, says
 * how many each tag has left, and how to list the rest.
 */
import { describe, expect, it } from 'vitest';
import { createDocs, listedUpTo } from '../../src/mcp/docs.ts';
import { modelOf } from './support/check.ts';

const count = listedUpTo + 20;
const paths = Array.from(
  { length: count },
  (_, i) =>
    `  /things/${i}:\n    get:\n      operationId: getThing${i}\n      tags: [${i < 200 ? 'First' : 'Second'}]\n      responses:\n        "200":\n          description: OK\n`,
).join('');
const wide = await modelOf(
  `openapi: 3.0.3\ninfo:\n  title: Wide\n  version: 1.0.0\ntags:\n  - name: Empty\n    description: Nothing yet.\npaths:\n${paths}`,
);
const docs = createDocs(wide, { downloads: [] }, (path) => `https://docs.example.org${path}`);

describe(`list_operations on ${count} operations`, () => {
  it(`lists ${listedUpTo}, says how many more the cut tag has, and how to list only one tag's`, () => {
    const listed = docs.listOperations(undefined);
    expect(listed.split('\n').filter((line) => line.startsWith('- ') && !line.startsWith('- …'))).toHaveLength(
      listedUpTo,
    );
    expect(listed).toContain(`- … ${count - listedUpTo} more in this tag`);
    expect(listed).toMatch(/Pass a tag to list only its operations\.$/);
  });

  it('says so for a tag with no operations', () => {
    expect(docs.listOperations('Empty')).toBe('The tag Empty has no operations.');
  });

  it('lists one tag whole when it fits, without that advice', () => {
    const first = docs.listOperations('First');
    expect(first.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(200);
    expect(first).not.toContain('Pass a tag');
  });
});
