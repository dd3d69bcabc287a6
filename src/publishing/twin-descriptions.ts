/**
 * A build places its twins' description Markdown ahead of time in a worker thread. Placing a text
 * (`descriptionMarkdown`) takes a parse, about a third of the twins' time, and the twins are written after the pages,
 * when the pages' render worker has left the second core idle. The worker places the texts in about the order the
 * twins come to them (`twinDescriptions`). A twin takes a text from the worker when it is ready, and else places
 * it itself: the twins never wait, and they are the same either way.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { DescriptionToPlace, PlacedDescriptions } from '../reference/twins/markdown-text.ts';

/** What the worker is given, and sends back: the placed texts from `start` on, in the order given. */
export interface PlacerStart {
  texts: DescriptionToPlace[];
  port: MessagePort;
}
export interface PlacedBatch {
  start: number;
  placed: string[];
}

export class DescriptionPlacer implements PlacedDescriptions {
  readonly #port: MessagePort;
  readonly #worker: Worker;
  /** Each text's place in the list, by its highest heading. */
  readonly #indexOf = new Map<number, Map<string, number>>();
  /** What the worker has sent that no twin has taken yet. */
  readonly #ready = new Map<number, string>();
  /** The places not yet taken: what comes for any other is dropped, so nothing is held that no twin will take. */
  readonly #wanted = new Set<number>();
  readonly #placed: Promise<void>;

  constructor(texts: readonly DescriptionToPlace[]) {
    const unique: DescriptionToPlace[] = [];
    for (const text of texts) {
      let byText = this.#indexOf.get(text.highestHeading);
      if (!byText) {
        byText = new Map();
        this.#indexOf.set(text.highestHeading, byText);
      }
      if (byText.has(text.markdown)) continue;
      byText.set(text.markdown, unique.length);
      this.#wanted.add(unique.length);
      unique.push(text);
    }
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#worker = new Worker(new URL('./twin-descriptions-thread.ts', import.meta.url), {
      workerData: { texts: unique, port: port2 } satisfies PlacerStart,
      transferList: [port2],
    });
    // A build that fails before `close` must still be able to exit.
    this.#worker.unref();
    // Should the worker fail, every twin places its texts here, as it would without one (and fails here, in turn,
    // if the text itself is the cause).
    this.#worker.on('error', () => {});
    this.#placed = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
  }

  take(markdown: string, highestHeading: number): string | undefined {
    const index = this.#indexOf.get(highestHeading)?.get(markdown);
    if (index === undefined || !this.#wanted.has(index)) return undefined;
    if (!this.#ready.has(index)) this.#receive();
    const placed = this.#ready.get(index);
    this.#wanted.delete(index);
    this.#ready.delete(index);
    return placed;
  }

  /** Resolves once the worker has placed every text (or stopped). */
  whenPlaced(): Promise<void> {
    return this.#placed;
  }

  async close(): Promise<void> {
    this.#port.close();
    await this.#worker.terminate();
  }

  /** Everything the worker has sent so far, without waiting for more. */
  #receive(): void {
    for (let received = receiveMessageOnPort(this.#port); received; received = receiveMessageOnPort(this.#port)) {
      const { start, placed } = received.message as PlacedBatch;
      placed.forEach((text, i) => {
        if (this.#wanted.has(start + i)) this.#ready.set(start + i, text);
      });
    }
  }
}
