/**
 * Astro integration that loads the API description before anything is built.
 * A bad description stops `astro build` and `astro dev` at once with every
 * problem listed, so there is never a blank or half-built site.
 */

import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { formatProblems, loadApiModel, resolveSpecPath, SpecError } from '../openapi/index.ts';

export function apiModelIntegration(): AstroIntegration {
  return {
    name: 'petstore:api-model',
    hooks: {
      'astro:config:setup': async ({ config, logger, addWatchFile }) => {
        const root = fileURLToPath(config.root);
        const file = resolveSpecPath(root);
        addWatchFile(file);
        try {
          const model = await loadApiModel(file);
          if (model.warnings.length > 0) logger.warn(formatProblems(displayPath(root, file), model.warnings));
          logger.info(
            `${model.info.title} ${model.info.version}: ${model.operations.length} operations, ${model.schemas.length} schemas.`,
          );
        } catch (error) {
          if (!(error instanceof SpecError)) throw error;
          logger.error(error.message);
          throw new Error(
            `The API description ${error.file} is not usable (${error.problems.length} problems listed above).`,
          );
        }
      },
    },
  };
}

function displayPath(root: string, file: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}
