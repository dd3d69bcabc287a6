/** The build's render worker gives each page exactly what rendering in the page's own thread gives. */
import { afterAll, describe, expect, it } from 'vitest';
import { RenderWorker } from '../../src/integration/render-worker.ts';
import { highlightHere } from '../../src/reference/highlight-engine.ts';
import { markdownToText, renderMarkdown } from '../../src/reference/markdown.ts';

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

  it('highlights code as this thread does', async () => {
    const code = 'curl -i "https://api.petstore.dev/pets?limit=2" \\\n  -H "X-API-Key: $PETSTORE_KEY"';
    expect(await worker.highlight(code, 'shellscript')).toBe(await highlightHere(code, 'shellscript'));
  });
});
