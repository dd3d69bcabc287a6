/**
 * The description the console hands to Scalar: the site's `/openapi.json`
 * without the operations whose console the spec turns off, so that Scalar's
 * own navigation cannot reach them either. The rule is the spec module's
 * (`x-try-it` and its aliases), read here from the raw description.
 */
import { readTryIt } from '../openapi/extensions/try-it.ts';
import { isRecord } from '../openapi/json-pointer.ts';
import { isHttpMethod } from '../openapi/model.ts';

/** `document` without closed operations, and without path items left with no operation. */
export function withoutClosedOperations(document: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(document.paths)) return document;
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue;
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([key, operation]) => !isHttpMethod(key) || !isRecord(operation) || readTryIt(operation, '').value.enabled,
      ),
    );
    if (Object.keys(kept).some(isHttpMethod)) paths[path] = kept;
  }
  return { ...document, paths };
}
