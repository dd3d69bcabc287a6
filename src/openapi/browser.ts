/**
 * The spec model's door for browser code (the live console, bundled apart from the site): only pure leaves that
 * import nothing of Node, YAML or the build, so that the console's bundle stays small and never pulls the loader in.
 * Everything else goes through index.ts.
 */

export { baseUrl, isUnderBase } from './base-url.ts';
export { readTryIt } from './extensions/try-it.ts';
export { getAtPointer, isRecord } from './json-pointer.ts';
export { isHttpMethod } from './model.ts';
export { humanDate, isoDate } from './sunset-date.ts';
