// @ts-check
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { apiModelIntegration } from './src/integration/api-model-integration.ts';

export default defineConfig({
  // The docs team sets SITE_URL to the portal's own domain when publishing.
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  integrations: [
    apiModelIntegration(),
    starlight({
      title: 'Pet Store API',
      description: 'Reference, live console and guides for the Pet Store API.',
      lastUpdated: false,
      sidebar: [{ label: 'Overview', link: '/' }],
    }),
  ],
});
