/** The home page's outline (`home/home-outline.ts`) for the build's site, for the page and its twin. */
import { apiReleasesDir, hasReleases, hasReleasesIn } from '../changes/releases.ts';
import { type HomeOutline, homeOutline, siteHomeOutline } from '../home/home-outline.ts';
import { type ApiModel, resolveSpecPath } from '../openapi/index.ts';
import { readHomeWords } from '../publishing/home-words.ts';
import { listsApis, siteFolder } from '../site/portal-apis.ts';
import { guideSandbox } from '../site/sandbox-address.ts';
import { getApiModel, getApiModels, getPortalApis } from './api-model.ts';
import { getGuideOutline } from './guide-outline.ts';
import { getPortalConfig } from './portal-config.ts';

/**
 * Planned on each call (the page and its twin, once each): `home.md` read as it is now, in `astro dev` too. A site
 * of several lists its APIs (`siteHomeOutline`); its `home.md` is beside portal.json (`siteFolder`).
 */
export async function getHomeOutline(): Promise<HomeOutline> {
  const config = getPortalConfig();
  const spec = resolveSpecPath(process.cwd());
  const words = readHomeWords(siteFolder(spec, config));
  if (listsApis(config)) {
    const [models, guides] = await Promise.all([getApiModels(), getGuideOutline()]);
    const apis = getPortalApis().map((api, i) => ({
      model: models[i] as ApiModel,
      base: api.base,
      changelog: hasReleasesIn(apiReleasesDir(api)),
      sandbox: guideSandbox(models[i] as ApiModel, import.meta.env.DEV),
    }));
    return siteHomeOutline(apis, { guides, words, siteTitle: config.title });
  }
  const [model, guides] = await Promise.all([getApiModel(), getGuideOutline()]);
  return homeOutline(model, {
    guides,
    changelog: hasReleases(spec),
    sandbox: guideSandbox(model, import.meta.env.DEV),
    words,
    siteTitle: config.title,
  });
}
