/** Where this portal is published. Edit this to publish under other domains. */
import { defineSiteConfig } from './site-config.ts';

export const portalConfig = defineSiteConfig({
  canonicalDomain: 'docs.petstore.dev',
  redirects: [{ from: 'www.docs.petstore.dev' }, { from: 'petstore-docs.dev', status: 301 }],
  cname: true,
});
