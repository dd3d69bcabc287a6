/** Every operation's handler, by operationId. The app refuses to start if the spec and this list disagree. */
import { categoryHandlers } from './categories.ts';
import type { Handler } from './handler.ts';
import { petHandlers } from './pets.ts';
import { inventoryHandlers, orderHandlers } from './store-operations.ts';

export const handlers: Readonly<Record<string, Handler>> = {
  ...petHandlers,
  ...categoryHandlers,
  ...orderHandlers,
  ...inventoryHandlers,
};
