/** Provided by console-bundle-integration.ts: where the live console's bundle is served. */
declare module 'virtual:petstore/console' {
  export const consoleModuleUrl: string;
}
