/** In `astro dev`: `/llms.txt`, as a build writes it (`publishing/agent-texts.ts`). */
import type { APIRoute } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { getReferenceVersions } from '../../data/reference-versions.ts';
import { getFullText, getOtherTwins } from '../../data/twin-inputs.ts';
import { earlierMajor, llmsTxt } from '../../publishing/agent-texts.ts';

export const GET: APIRoute = async () => {
  const model = await getApiModel();
  const { full, absolute } = await getFullText(model);
  const earlier = (await getReferenceVersions()).filter(({ version }) => !version.current);
  const majors = earlier.map(({ version }) => earlierMajor(version));
  return new Response(await llmsTxt(model, await getOtherTwins(), full, absolute, majors), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
