/**
 * In a build, every reference page, guide and the changelog announces its Markdown twin, the twin is there with the page's headings, and
 * a hostile description's markup reaches no twin, nor llms.txt or llms-full.txt, as HTML. Built from the hostile
 * fixture, whose every string field carries markup.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { twinProblems, walk } from '../support/built-site.ts';
import { markdownNodes } from './support/markdown-nodes.ts';
import { buildSite, root, run } from './support/programs.ts';

describe('Markdown twins in a build', () => {
  it('are announced by every reference page, guide and the changelog, exist, share its headings and carry no HTML', () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-twins-')), 'dist');
    const env = { PETSTORE_SPEC: path.join(root, 'tests/fixtures/hostile/openapi.yaml') };
    const { status, output } = run(buildSite, ['--outDir', outDir], env);
    expect(status, output.slice(-2000)).toBe(0);
    expect(twinProblems(outDir)).toEqual([]);
    // Every text written for agents: the twins, llms.txt, and the full text (whole, or its parts).
    const texts = walk(outDir).filter((file) => file.endsWith('.md') || /\/llms(-full)?(\/[^/]+)?\.txt$/.test(file));
    expect(texts.length).toBeGreaterThan(5);
    expect(texts).toContain(path.join(outDir, 'llms.txt'));
    // The guides this description gets have twins too (the changelog is built only with releases; twinProblems
    // checks it wherever it is), and the full text carries them.
    const guideTwins = texts.filter((file) => /\/guides\/[^/]+\.md$/.test(file));
    expect(guideTwins.length).toBeGreaterThan(0);
    const full = readFileSync(path.join(outDir, 'llms-full.txt'), 'utf8');
    for (const file of guideTwins) expect(full).toContain(`<!-- /guides/${path.basename(file, '.md')}/ -->`);
    for (const file of texts) {
      // Parsed as Markdown, the only HTML is the full text's page markers, and every link is http(s), mailto or
      // the site's own.
      const { html, links } = markdownNodes(readFileSync(file, 'utf8'));
      expect(
        html.filter((node) => !/^<!-- \/[a-z0-9/-]*\/ -->$/.test(node)),
        file,
      ).toEqual([]);
      expect(
        links.filter((url) => !/^(https?:|mailto:|\/)/.test(url)),
        file,
      ).toEqual([]);
    }
  }, 300_000);
});
