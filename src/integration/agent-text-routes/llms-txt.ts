/** In `astro dev`: `/llms.txt`, as a build writes it (`publishing/agent-texts.ts`). */
import type { APIRoute } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { getReferenceVersions, getSiteApis } from '../../data/reference-versions.ts';
import { getOtherTwins, getSiteFullText } from '../../data/twin-inputs.ts';
import { earlierMajor, listedApiId, llmsTxt, siteLlmsTxt } from '../../publishing/agent-texts.ts';

const headers = { 'Content-Type': 'text/plain; charset=utf-8' };

export const GET: APIRoute = async () => {
  const others = await getOtherTwins();
  const { full, absolute, title } = await getSiteFullText();
  if (title !== undefined) {
    // A site of several APIs: a section per API.
    const apis = (await getSiteApis()).flatMap(({ versions }, i) => {
      const [current, ...earlier] = versions;
      if (!current) return [];
      const id = listedApiId(current.model) ?? '';
      const majors = earlier.map(({ version }) => earlierMajor(version));
      return [{ id, model: current.model, changelog: others.changelogs?.[i], earlier: majors }];
    });
    return new Response(await siteLlmsTxt(title, apis, others, full, absolute), { headers });
  }
  const model = await getApiModel();
  const earlier = (await getReferenceVersions()).filter(({ version }) => !version.current);
  const majors = earlier.map(({ version }) => earlierMajor(version));
  return new Response(await llmsTxt(model, others, full, absolute, majors), { headers });
};
