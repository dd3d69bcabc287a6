/**
 * The worker thread of `highlight-pool.ts`: highlights what it is sent with
 * the same Shiki set-up as the page renderer, and answers with the HTML.
 */
import { parentPort } from 'node:worker_threads';
import { highlightHere } from '../reference/highlight-engine.ts';
import type { HighlightAnswer, HighlightJob } from './highlight-pool.ts';

const port = parentPort;
if (!port) throw new Error('highlight-worker.ts runs as a worker thread of highlight-pool.ts.');
port.on('message', async ({ id, code, language }: HighlightJob) => {
  let answer: HighlightAnswer;
  try {
    answer = { id, html: await highlightHere(code, language) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
