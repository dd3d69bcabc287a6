/**
 * Every refusal and failure is answered with the spec's Error object, its status from the error catalog: what a
 * gate or handler throws (ApiError), the store out of reach (503), a data set over its caps (409, 413), a path the spec does not have (404), and
 * anything unexpected (500 internal_error, reported).
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiModel } from '../openapi/index.ts';
import { ApiError, dataSetFull, storeUnavailable } from './api-error.ts';
import type { SandboxEnv } from './callers.ts';
import { DataSetFullError, StoreUnavailableError } from './store/sandbox-store.ts';

export interface ErrorAnswers {
  onError: ErrorHandler<SandboxEnv>;
  notFound: NotFoundHandler<SandboxEnv>;
}

export function errorAnswers(model: ApiModel, report?: (error: unknown) => void): ErrorAnswers {
  const statusOf = new Map(model.errorCodes.map((e) => [e.code, e.status]));
  const answer = (c: Context<SandboxEnv>, failure: ApiError) => {
    const status = statusOf.get(failure.code) ?? 500;
    // The catalog's statuses are all error statuses; Hono's types want them narrowed.
    return c.json(
      { code: failure.code, message: failure.message, status },
      status as ContentfulStatusCode,
      failure.headers,
    );
  };
  return {
    onError(error, c) {
      if (error instanceof ApiError) return answer(c, error);
      if (error instanceof StoreUnavailableError) return answer(c, storeUnavailable());
      if (error instanceof DataSetFullError) return answer(c, dataSetFull(error));
      report?.(error);
      return answer(c, new ApiError('internal_error', 'The sandbox failed unexpectedly.'));
    },
    notFound: (c) => answer(c, new ApiError('route_not_found', `No operation is at ${new URL(c.req.url).pathname}.`)),
  };
}
