/** Every operation page as Markdown, at the page's URL plus `.md`. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getApiModel } from '../../data/api-model.ts';
import type { ApiOperation } from '../../openapi/index.ts';
import { operationMarkdown } from '../../reference/operation-markdown.ts';
import { referenceRoutes } from '../../reference/routes.ts';

export const getStaticPaths: GetStaticPaths = async () => {
  const model = await getApiModel();
  return referenceRoutes(model).flatMap((route) =>
    route.type === 'operation'
      ? [{ params: { slug: route.path.replace(/^reference\//, '') }, props: { operation: route.operation } }]
      : [],
  );
};

export const GET: APIRoute<{ operation: ApiOperation }> = async ({ props }) => {
  const model = await getApiModel();
  return new Response(operationMarkdown(model, props.operation), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
};
