/**
 * The worker thread of `render-worker.ts`: highlights code and renders
 * Markdown (as HTML or text) with the same modules the pages use, and answers
 * with the result.
 * It keeps nothing: the page side remembers what it asked for.
 */
import { parentPort } from 'node:worker_threads';
import { highlightHere } from '../reference/highlight-engine.ts';
import { markdownToTextUncached, renderMarkdownUncached } from '../reference/markdown.ts';
import type { RenderAnswer, RenderJob } from './render-worker.ts';

const port = parentPort;
if (!port) throw new Error('render-worker-thread.ts runs as a worker thread of render-worker.ts.');
port.on('message', async (job: RenderJob) => {
  let answer: RenderAnswer;
  try {
    const html =
      job.kind === 'highlight'
        ? await highlightHere(job.code, job.language)
        : job.kind === 'markdown'
          ? renderMarkdownUncached(job.text, job.options)
          : markdownToTextUncached(job.markdown);
    answer = { id: job.id, html };
  } catch (error) {
    answer = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
