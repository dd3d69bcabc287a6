/**
 * In `astro dev`: every reference page as Markdown, at the page's URL plus `.md` (the current introduction's:
 * `introduction-twin.ts`; an earlier major's, `/reference/1.x.md`, is here). A build writes the same files once
 * (`publishing/agent-texts.ts`).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteApis } from '../../data/reference-versions.ts';
import { twinInputs } from '../../data/twin-inputs.ts';
import type { ApiModel } from '../../openapi/index.ts';
import { pageMarkdown, referenceRoutes } from '../../reference/page-kinds.ts';
import type { ReferenceRoute } from '../../reference/routes.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await getSiteApis()).flatMap(({ api, versions }) =>
    versions.flatMap(({ version, model }) =>
      referenceRoutes(model).flatMap((route) =>
        route.type === 'introduction' && version.current && api.id === undefined
          ? []
          : [{ params: { slug: route.path.replace(/^reference\//, '') }, props: { route, model } }],
      ),
    ),
  );

export const GET: APIRoute<{ route: ReferenceRoute; model: ApiModel }> = async ({ props }) =>
  new Response(pageMarkdown(props.model, props.route, await twinInputs(props.model)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
