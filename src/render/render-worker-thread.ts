/**
 * The worker thread of `render-worker.ts`: highlights code and renders
 * Markdown (as HTML or text) with the same modules the pages use, and answers
 * with the result.
 * It keeps only the sanitised trees of the last few descriptions: a page asks
 * for its description as text (for its meta description) and then as HTML,
 * and one parse serves both (parsing texts again was a large share of this
 * thread's time). Results are remembered on the page side.
 */
import { parentPort } from 'node:worker_threads';
import type { Root } from 'hast';
import { highlightHere } from './highlight-engine.ts';
import { htmlOfTree, sanitisedTree, textOfTree } from './markdown.ts';
import { RecentCache } from './recent-cache.ts';
import type { RenderAnswer, RenderJob } from './render-worker.ts';

const recentTrees = new RecentCache<Root>(256);
const treeOf = (markdown: string) => recentTrees.get(markdown, () => sanitisedTree(markdown));

const port = parentPort;
if (!port) throw new Error('render-worker-thread.ts runs as a worker thread of render-worker.ts.');
port.on('message', async (job: RenderJob) => {
  let answer: RenderAnswer;
  try {
    const html =
      job.kind === 'highlight'
        ? await highlightHere(job.code, job.language)
        : job.kind === 'markdown'
          ? // Rendering changes the tree (headings, a lone paragraph, search marks), and the kept one may serve again.
            htmlOfTree(structuredClone(treeOf(job.text)), job.options)
          : textOfTree(treeOf(job.markdown));
    answer = { id: job.id, html };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
