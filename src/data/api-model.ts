/**
 * The model for pages and components: loaded once per build from the same
 * description the integration checked, so every page sees the same data.
 */
import { type ApiModel, loadApiModel, resolveSpecPath } from '../openapi/index.ts';

let pending: Promise<ApiModel> | undefined;

export function getApiModel(): Promise<ApiModel> {
  pending ??= loadApiModel(resolveSpecPath(process.cwd()));
  return pending;
}
