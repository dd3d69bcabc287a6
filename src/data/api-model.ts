/**
 * The model for pages and components: loaded once per build from the same
 * description the integration checked, so every page sees the same data. In
 * `astro dev`, a description broken by an edit leaves pages on the last
 * version that built; the dev server's watcher prints what is wrong, and
 * its next good save is loaded for the next page.
 */
import { type ApiModel, lastBuiltModel, loadApiModel, resolveSpecPath } from '../openapi/index.ts';
import { perDescription } from './per-description.ts';

/** Once per version of the description: a save in `astro dev` is taken in by the next page (per-description.ts). */
export const getApiModel: () => Promise<ApiModel> = perDescription(() => load(resolveSpecPath(process.cwd())));

async function load(file: string): Promise<ApiModel> {
  try {
    return await loadApiModel(file);
  } catch (error) {
    const previous = import.meta.env.DEV ? lastBuiltModel(file) : undefined;
    if (previous) return previous;
    throw error;
  }
}
