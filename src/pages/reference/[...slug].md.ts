/** Every reference page as Markdown, at the page's URL plus `.md` (the introduction's: `reference.md.ts`). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import { twinInputs } from '../../data/twin-inputs.ts';
import { pageMarkdown } from '../../reference/page-markdown.ts';
import { type ReferenceRoute, referenceRoutes } from '../../reference/routes.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const model = await getApiModel();
  return referenceRoutes(model).flatMap((route) =>
    route.type === 'introduction'
      ? []
      : [{ params: { slug: route.path.replace(/^reference\//, '') }, props: { route } }],
  );
};

export const GET: APIRoute<{ route: ReferenceRoute }> = async ({ props }) => {
  const model = await getApiModel();
  return new Response(pageMarkdown(model, props.route, await twinInputs(model)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
