/** The guides this site ships, in reading order (`publishing/guide-outline.ts`), for pages: read once per build. */
import { type GuideOutline, guideOutline, guidesFolderIn } from '../publishing/guide-outline.ts';
import { getApiModel } from './api-model.ts';
import { perDescription } from './per-description.ts';
import { getPortalConfig } from './portal-config.ts';

export const getGuideOutline: () => Promise<GuideOutline[]> = perDescription(() =>
  getApiModel().then((model) => guideOutline(model, getPortalConfig(), guidesFolderIn(process.cwd()))),
);
