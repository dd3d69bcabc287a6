/**
 * A worker thread that highlights code and renders Markdown for the page
 * renderer during a build (see `reference/render-backend.ts`), so the build
 * uses both cores: pages keep rendering while their samples and
 * descriptions are prepared. `build.concurrency` in astro.config.mjs lets
 * several pages be in flight for that.
 */
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { type RenderBackend, type RenderMarkdownOptions, useRenderBackend } from './render-backend.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type RenderJob =
  | { id: number; kind: 'highlight'; code: string; language: string }
  | { id: number; kind: 'markdown'; text: string; options: RenderMarkdownOptions }
  | { id: number; kind: 'text'; markdown: string };
export type RenderAnswer = { id: number; html: string } | { id: number; error: string };

export class RenderWorker implements RenderBackend {
  readonly #worker = new Worker(new URL('./render-worker-thread.ts', import.meta.url));
  readonly #waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  #next = 0;

  constructor() {
    // A build that fails before `close` must still be able to exit.
    this.#worker.unref();
    this.#worker.on('message', (answer: RenderAnswer) => {
      const job = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if ('html' in answer) job?.resolve(answer.html);
      else job?.reject(new Error(`Rendering failed in the worker thread: ${answer.error}`));
    });
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => this.#failAll(new Error(`The render worker stopped (exit code ${code}).`)));
  }

  highlight(code: string, language: string): Promise<string> {
    return this.#run({ kind: 'highlight', code, language });
  }

  markdown(text: string, options: RenderMarkdownOptions): Promise<string> {
    return this.#run({ kind: 'markdown', text, options });
  }

  text(markdown: string): Promise<string> {
    return this.#run({ kind: 'text', markdown });
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #run(job: DistributiveOmit<RenderJob, 'id'>): Promise<string> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...job, id } satisfies RenderJob);
    });
  }

  #failAll(error: Error): void {
    for (const job of this.#waiting.values()) job.reject(error);
    this.#waiting.clear();
  }
}

/** Renders in a worker thread from the start of `astro build` until its pages are written. */
export function renderWorkerIntegration(): AstroIntegration {
  let worker: RenderWorker | undefined;
  return {
    name: 'petstore:render-worker',
    hooks: {
      'astro:build:start': () => {
        worker = new RenderWorker();
        useRenderBackend(worker);
      },
      'astro:build:generated': async () => {
        useRenderBackend(undefined);
        await worker?.close();
        worker = undefined;
      },
    },
  };
}
