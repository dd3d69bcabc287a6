/**
 * The inline scripts the portal writes itself, read from its sources at build time: the ones the site config puts
 * in every page's head, and the `<script is:inline>` bodies of its own components and of Starlight's (Astro writes
 * an inline script's body as it is in the source). The Content-Security-Policy allows these by hash and nothing
 * else: a `<script>` the description's text brings (in a title, in an attribute) is never the portal's own, so it
 * can never be allow-listed, whatever the built pages happen to contain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterPaintLoader } from './after-paint.ts';

/** Says, before the first paint, that scripts run (reference.css lays out Try it and Copy from the start). */
export const scriptsRunFlag = "document.documentElement.dataset.js = ''";

/** The scripts `astro.config.mjs` puts in every page's head, in order. */
export const headScripts: readonly string[] = [scriptsRunFlag, afterPaintLoader];

/** The `is:inline` script bodies of one component's source. */
export function inlineScriptsOfComponent(source: string): string[] {
  return [...source.matchAll(/<script\b[^>]*\sis:inline\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim().length > 0);
}

/** Every inline script the portal can write: its head scripts, and those of its own and Starlight's components. */
export function ownInlineScripts(root: string): Set<string> {
  // Starlight's entry module sits beside its components (dist/components, dist/user-components).
  const starlight = path.dirname(fileURLToPath(import.meta.resolve('@astrojs/starlight')));
  const components = [path.join(root, 'src'), starlight].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro') && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(dir, file)),
  );
  return new Set([
    ...headScripts,
    ...components.flatMap((file) => inlineScriptsOfComponent(readFileSync(file, 'utf8'))),
  ]);
}
