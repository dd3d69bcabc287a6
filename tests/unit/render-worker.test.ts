/** The build's render worker gives each page exactly what rendering in the page's own thread gives. */
import { afterAll, describe, expect, it } from 'vitest';
import { highlightHere } from '../../src/render/highlight-engine.ts';
import { markdownToText, renderMarkdown } from '../../src/render/markdown.ts';
import { RenderWorker } from '../../src/render/render-worker.ts';

const worker = new RenderWorker();
afterAll(() => worker.close());

const description = [
  '## Limits',
  '',
  'Returns **at most** `limit` pets; see [paging](https://example.com/paging "Paging").',
  '',
  '| Plan | Requests |',
  '| --- | --- |',
  '| Free | 60 |',
  '',
  '<script>alert(1)</script> and <b onclick="x()">bold</b>',
].join('\n');

describe('the render worker', () => {
  it('renders Markdown as HTML and as text as this thread does', async () => {
    for (const options of [{}, { inline: true }, { highestHeading: 2 }]) {
      expect(await worker.markdown(description, options)).toBe(renderMarkdown(description, options));
    }
    expect(await worker.text(description)).toBe(markdownToText(description));
  });

  it('gives the same results whichever way a text was asked for first (one parse serves them all)', async () => {
    const oneParagraph = 'A **single** paragraph, with a [link](https://example.com/).';
    for (const text of [description, oneParagraph, `# Title\n\n${oneParagraph}`]) {
      expect(await worker.text(text)).toBe(markdownToText(text));
      // Inline first: it unwraps a lone paragraph, which the block rendering after it must still have.
      for (const options of [{ inline: true }, {}, { highestHeading: 2 }, { highestHeading: 5 }, {}]) {
        expect(await worker.markdown(text, options)).toBe(renderMarkdown(text, options));
      }
      expect(await worker.text(text)).toBe(markdownToText(text));
    }
  });

  it('highlights code as this thread does', async () => {
    const code = 'curl -i "https://api.petstore.dev/pets?limit=2" \\\n  -H "X-API-Key: $PETSTORE_KEY"';
    expect(await worker.highlight(code, 'shellscript')).toBe(await highlightHere(code, 'shellscript'));
  });
});
