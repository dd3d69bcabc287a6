/** What every page's outline is made of (`page-kinds.ts`): its sections, their headings and described text. */

/** A heading of the page's table of contents (the description's own may be deeper than `###`). */
export interface PageOutlineHeading {
  depth: number;
  id: string;
  title: string;
}

/** A section of the page: its anchor and title (a `##` heading). */
export interface OutlineSection {
  id: string;
  title: string;
}

/**
 * Text from the description shown on the page: its headings are the page's too (in its table of contents), with
 * ids under `headingIds` so that they cannot clash with the page's own.
 */
export interface DescribedText {
  text: string;
  headingIds: string;
}
