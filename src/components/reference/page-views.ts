/**
 * The view of each kind of reference page (`reference/page-kinds.ts`), which the reference's route renders with
 * what `reference/page-props.ts` gives it. A kind's view is found by its name: the kind's key, capitalised, and
 * `View.astro` (`schemas` → `SchemasView.astro`), here, or in `components/shared/` where guides draw it too. Its
 * `Props` are what its kind gives it (`ViewProps<'schemas'>`), so `astro check` checks the view against its kind;
 * `tests/unit/page-views.test.ts` fails where a kind has no view or a view takes another kind's props. Apart from the
 * table of kinds because views are Astro components, which the build's scripts and the MCP server, using the table,
 * cannot import.
 */
import type { PageType, PageView } from '../../reference/page-kinds.ts';

/** A view, by its file's name. */
const views: Record<string, (props: PageView) => unknown> = Object.fromEntries(
  Object.entries(
    import.meta.glob<(props: PageView) => unknown>(['./*View.astro', '../shared/*View.astro'], {
      eager: true,
      import: 'default',
    }),
  ).map(([file, view]) => [file.slice(file.lastIndexOf('/') + 1), view]),
);

/** The file name of the view of kind `type`. */
export const viewFileOf = (type: PageType) => `${type.charAt(0).toUpperCase()}${type.slice(1)}View.astro`;

/** The view files found, by name: each is one kind's. */
export const viewFiles = Object.keys(views);

/** The view of a page, taking what its kind gives it. */
export function viewOf(view: PageView): (props: PageView) => unknown {
  const found = views[viewFileOf(view.type)];
  if (!found) throw new Error(`No view for the reference's "${view.type}" pages: ${viewFileOf(view.type)}`);
  return found;
}
