/** Pagefind's UI ships without types; the part the on-demand loader uses. */
declare module '@pagefind/default-ui' {
  export class PagefindUI {
    constructor(options: { element: string; [option: string]: unknown });
    /** Selects these filter values, as if the reader had ticked them. */
    triggerFilters(filters: Record<string, string | string[]>): void;
  }
}
