/**
 * A worker thread that highlights code for the page renderer during a build
 * (see `reference/highlight.ts`), so the build uses both cores: pages keep
 * rendering while their samples are highlighted. `build.concurrency` in
 * astro.config.mjs lets several pages be in flight for that.
 */
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { type HighlightBackend, useHighlightBackend } from '../reference/highlight.ts';

export interface HighlightJob {
  id: number;
  code: string;
  language: string;
}
export type HighlightAnswer = { id: number; html: string } | { id: number; error: string };

export class HighlightPool implements HighlightBackend {
  readonly #worker = new Worker(new URL('./highlight-worker.ts', import.meta.url));
  readonly #waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  #next = 0;

  constructor() {
    // A build that fails before `close` must still be able to exit.
    this.#worker.unref();
    this.#worker.on('message', (answer: HighlightAnswer) => {
      const job = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if ('html' in answer) job?.resolve(answer.html);
      else job?.reject(new Error(`Highlighting failed in the worker thread: ${answer.error}`));
    });
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => this.#failAll(new Error(`The highlighting worker stopped (exit code ${code}).`)));
  }

  highlight(code: string, language: string): Promise<string> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, code, language } satisfies HighlightJob);
    });
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #failAll(error: Error): void {
    for (const job of this.#waiting.values()) job.reject(error);
    this.#waiting.clear();
  }
}

/** Highlights in a worker thread from the start of `astro build` to its end. */
export function highlightPoolIntegration(): AstroIntegration {
  let pool: HighlightPool | undefined;
  return {
    name: 'petstore:highlight-pool',
    hooks: {
      'astro:build:start': () => {
        pool = new HighlightPool();
        useHighlightBackend(pool);
      },
      'astro:build:generated': async () => {
        useHighlightBackend(undefined);
        await pool?.close();
        pool = undefined;
      },
    },
  };
}
