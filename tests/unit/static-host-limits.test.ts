/**
 * Which static hosts' limits a built site passes, from its files' sizes alone: Cloudflare Pages' 25 MiB per file
 * and 20,000 files, GitHub Pages' 1 GB; and a description download past 25 MiB is published as its gzip copy.
 */
import { describe, expect, it } from 'vitest';
import { descriptionFile } from '../../src/site/description-files.ts';
import { largestFileBytes, limitsPassed, limitWarnings, type OutputFile } from '../../src/site/static-host-limits.ts';

const MiB = 1024 * 1024;

/** `n` pages of `bytes` each. */
const pages = (n: number, bytes: number): OutputFile[] =>
  Array.from({ length: n }, (_, i) => ({ path: `reference/page-${i}/index.html`, bytes }));

describe('the limits a built site passes', () => {
  it('are none for a site of a few small files', () => {
    expect(limitsPassed(pages(2_000, 40_000))).toEqual([]);
  });

  it('are none at exactly 25 MiB, 20,000 files and 1 GB', () => {
    const files = [...pages(19_999, 0), { path: 'openapi.yaml', bytes: largestFileBytes }];
    expect(limitsPassed(files)).toEqual([]);
    expect(limitsPassed([...pages(39, 25_000_000), { path: 'last', bytes: 25_000_000 }])).toEqual([]);
  });

  it('name Cloudflare Pages for a file over 25 MiB, the largest first, three by name', () => {
    const big = [26, 30, 27, 40].map((mib, i) => ({ path: `reference/op-${i}/index.html`, bytes: mib * MiB }));
    const passed = limitsPassed([...pages(10, 1_000), ...big]);
    expect(passed).toHaveLength(1);
    expect(passed[0]?.host).toBe('Cloudflare Pages');
    expect(passed[0]?.what).toBe(
      '4 files over its 25 MiB per file: reference/op-3/index.html (41.9 MB), reference/op-1/index.html (31.5 MB), reference/op-2/index.html (28.3 MB), and 1 more',
    );
  });

  it('name Cloudflare Pages past 20,000 files, and GitHub Pages past 1 GB', () => {
    const passed = limitsPassed(pages(40_453, 81_600));
    expect(passed.map((p) => p.host)).toEqual(['Cloudflare Pages', 'GitHub Pages']);
    expect(limitWarnings(passed)).toEqual([
      'The output is too large for Cloudflare Pages: 40,453 files, over its 20,000.',
      'The output is too large for GitHub Pages: 3.30 GB in all, over its 1 GB per site.',
    ]);
  });
});

describe('a description download', () => {
  it('is the plain file up to 20 MiB, well under the 25 MiB a host accepts', () => {
    expect(descriptionFile('YAML', 20 * MiB)).toMatchObject({ name: 'openapi.yaml', gzip: false });
    // Microsoft Graph's, as compact JSON.
    expect(descriptionFile('JSON', 20_345_000)).toMatchObject({ name: 'openapi.json', gzip: false });
  });

  it("is only its gzip copy past 20 MiB: Microsoft Graph's YAML, just under the limit itself", () => {
    expect(descriptionFile('YAML', 20 * MiB + 1)).toMatchObject({ name: 'openapi.yaml.gz', gzip: true });
    expect(descriptionFile('YAML', 25_800_000)).toEqual({
      format: 'YAML',
      name: 'openapi.yaml.gz',
      gzip: true,
      bytes: 25_800_000,
      type: 'application/gzip',
    });
    expect(largestFileBytes).toBe(25 * MiB);
  });
});
