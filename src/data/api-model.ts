/**
 * The model for pages and components: loaded once per build from the same
 * description the integration checked, so every page sees the same data. In
 * `astro dev`, a description broken by an edit leaves pages on the last
 * version that built; the dev server's watcher prints what is wrong.
 */
import { type ApiModel, lastBuiltModel, loadApiModel, resolveSpecPath } from '../openapi/index.ts';

let pending: Promise<ApiModel> | undefined;

export function getApiModel(): Promise<ApiModel> {
  pending ??= load(resolveSpecPath(process.cwd()));
  return pending;
}

async function load(file: string): Promise<ApiModel> {
  try {
    return await loadApiModel(file);
  } catch (error) {
    const previous = import.meta.env.DEV ? lastBuiltModel(file) : undefined;
    if (previous) return previous;
    throw error;
  }
}
