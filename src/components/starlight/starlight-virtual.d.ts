/** The one module of Starlight's virtual ones that the portal's overrides import (SiteTitle.astro). */
declare module 'virtual:starlight/user-images' {
  /** The logo Starlight's `logo` setting imports, per theme; both the same one when a single logo is set. */
  export const logos: { dark?: ImageMetadata; light?: ImageMetadata };
}
