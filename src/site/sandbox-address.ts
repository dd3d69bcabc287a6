/**
 * The sandbox the guides send readers to: the one the console calls (the hosted one in a build with SANDBOX_URL,
 * else the description's local one). The runnable samples (samples/) default to the local address, which the tests
 * run them against; a guide shows them with the sandbox's own.
 */
import type { ApiModel } from '../openapi/index.ts';
import { consoleSandbox } from './console-sandbox.ts';

export function guideSandbox(model: ApiModel, dev: boolean): { url: string; hosted: boolean } | undefined {
  const sandbox = consoleSandbox(model, { dev });
  return sandbox && { url: sandbox.url, hosted: sandbox.hosted };
}

/** `sample` with the description's local sandbox address (its default) replaced by the sandbox readers are sent to. */
export function withSandboxAddress(sample: string, localUrl: string | undefined, url: string | undefined): string {
  return localUrl && url ? sample.replaceAll(localUrl.replace(/\/$/, ''), url.replace(/\/$/, '')) : sample;
}
