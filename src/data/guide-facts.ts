/**
 * What the components of the MDX pages (the guides, the home page) show (`guides/guide-facts.ts`), for the build's
 * model: the one way those components reach the description.
 */
import { type GuideFacts, guideFacts } from '../guides/guide-facts.ts';
import { descriptionFiles } from '../site/description-files.ts';
import { getApiModel } from './api-model.ts';
import { perDescription } from './per-description.ts';

export const getGuideFacts: () => Promise<GuideFacts> = perDescription(async () => {
  const model = await getApiModel();
  const [yamlFile] = await descriptionFiles(model);
  return guideFacts(model, { now: new Date(), dev: import.meta.env.DEV, download: yamlFile?.name ?? 'openapi.yaml' });
});
