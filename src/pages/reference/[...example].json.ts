/**
 * Each response example and request body too long to show whole on its operation page, as a JSON file next to
 * that page (in every published version of every API).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteApis } from '../../data/reference-versions.ts';
import { referenceRoutes } from '../../reference/page-kinds.ts';
import { wholeExamples } from '../../reference/pages/operation-outline.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await getSiteApis())
    .flatMap(({ versions }) => versions)
    .flatMap(({ model }) =>
      referenceRoutes(model).flatMap((route) =>
        route.type === 'operation'
          ? wholeExamples(model, route.operation).map((example) => ({
              // `reference/tag/operation` and `example-200.json`: `/reference/tag/operation/example-200.json`.
              params: { example: `${route.path.replace(/^reference\//, '')}/${example.file.replace(/\.json$/, '')}` },
              props: { code: example.code },
            }))
          : [],
      ),
    );

export const GET: APIRoute<{ code: string }> = ({ props }) =>
  new Response(props.code, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
