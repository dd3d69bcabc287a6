/**
 * What an operation page tells the console about its operation. The page
 * writes it at build time as JSON on the Try-it control; the console reads it
 * in the browser and knows nothing else of how pages are built.
 */
export interface ConsoleTarget {
  /** The API description as JSON; the console leaves out the operations whose console is off. */
  documentUrl: string;
  method: string;
  path: string;
  /** The local sandbox's URL: chosen by default when it answers. */
  sandboxUrl?: string;
  /** The security scheme that carries the API key, e.g. `ApiKeyAuth`. */
  apiKeyScheme?: string;
  /** Set when the operation is deprecated. */
  deprecation?: {
    /** `YYYY-MM-DD` from `x-sunset`. */
    sunset?: string;
    successor?: { title: string; url: string };
  };
  /** Response status (or `default`, `4XX`) → the header names the spec documents for it. */
  documentedHeaders: Record<string, string[]>;
}

/** The data attribute the page writes the target into. */
export const CONSOLE_TARGET_ATTRIBUTE = 'data-console-target';
