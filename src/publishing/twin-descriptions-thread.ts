/** The worker thread of `twin-descriptions.ts`: places each text as `descriptionMarkdown` does, a few per message. */
import { workerData } from 'node:worker_threads';
import { descriptionMarkdown } from '../reference/twins/markdown-text.ts';
import type { PlacedBatch, PlacerStart } from './twin-descriptions.ts';

const { texts, port } = workerData as PlacerStart;
const batchSize = 8;
for (let start = 0; start < texts.length; start += batchSize) {
  const placed = texts
    .slice(start, start + batchSize)
    .map(({ markdown, highestHeading }) => descriptionMarkdown(markdown, highestHeading));
  port.postMessage({ start, placed } satisfies PlacedBatch);
}
