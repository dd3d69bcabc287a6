/**
 * The view of each kind of reference page (`reference/page-kinds.ts`), which the reference's route renders with
 * what `reference/page-props.ts` gives it. Apart from the table of kinds because views are Astro components, which
 * the build's scripts and the MCP server, using the table, cannot import.
 */
import type { PageType, PageView } from '../../reference/page-kinds.ts';
import ErrorsView from '../shared/ErrorsView.astro';
import IntroductionView from './IntroductionView.astro';
import OperationView from './OperationView.astro';
import SchemasIndex from './SchemasIndex.astro';
import SchemaView from './SchemaView.astro';
import TagView from './TagView.astro';

export const pageViews = {
  introduction: IntroductionView,
  tag: TagView,
  operation: OperationView,
  schemas: SchemasIndex,
  schema: SchemaView,
  errors: ErrorsView,
} satisfies { [T in PageType]: (props: Extract<PageView, { type: T }>) => unknown };

/** The view of a page, taking what its kind gives it (TypeScript cannot follow `view.type` to its entry). */
export const viewOf = (view: PageView) => pageViews[view.type] as (props: PageView) => unknown;
