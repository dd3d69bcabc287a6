/** OperationView's props as the reference's route gives them, for tests that render one operation. */
import type { ApiModel, ApiOperation } from '../../../src/openapi/index.ts';
import { consoleTarget } from '../../../src/reference/pages/console-target.ts';
import { operationOutline } from '../../../src/reference/pages/operation-outline.ts';
import { referenceUrls } from '../../../src/reference/routes.ts';
import { consoleSandbox } from '../../../src/site/console-sandbox.ts';

export function operationViewProps(model: ApiModel, operation: ApiOperation) {
  return {
    operation,
    outline: operationOutline(model, operation),
    consoleTarget: operation.tryIt.enabled
      ? consoleTarget(model, operation, consoleSandbox(model, { dev: import.meta.env.DEV }))
      : undefined,
    schemaHref: (name: string) => referenceUrls(model).schema(name),
  };
}
