/** Each migration page as Markdown, at its URL with `.md` (`/changelog/from-1.x.md`). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getMigrationSteps } from '../../data/reference-versions.ts';
import { type MigrationStep, migrationMarkdown, migrationTitle } from '../../reference/changelog/migration.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  (await getMigrationSteps()).map((step) => ({ params: { major: step.from.label }, props: { step } }));

export const GET: APIRoute<{ step: MigrationStep }> = ({ props }) =>
  new Response(migrationMarkdown(props.step, migrationTitle(props.step)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
