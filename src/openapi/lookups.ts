/** Small questions many parts of the site ask of the model, answered in one place. */
import type { ApiModel, ApiOperation, ApiServer } from './model.ts';

/** The server that accepts demo keys (`x-demo-keys`): the local sandbox, if the spec names one. */
export function sandboxServer(model: ApiModel): ApiServer | undefined {
  return model.servers.find((server) => server.demoKeys !== undefined && server.demoKeys.length > 0);
}

export function operationById(model: ApiModel, operationId: string | undefined): ApiOperation | undefined {
  return operationId === undefined ? undefined : model.operations.find((o) => o.operationId === operationId);
}
