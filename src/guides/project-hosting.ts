/**
 * The platform's project-hosting rules that the custom-domains guide quotes,
 * in one typed place (from the product seed's "Project hosting" part). The
 * plan name must be one of the spec's plans; a test checks it.
 */
export const projectHosting = {
  /** Lowest plan that may serve a project at its own domain. */
  minimumPlan: 'Pro',
  /** Suggested TTL for the CNAME record, in seconds. */
  cnameTtlSeconds: 3600,
  /** How long DNS changes can take to propagate, in hours. */
  propagationHours: 48,
  /** The HTTP status of a redirect entry unless another is chosen. */
  redirectStatus: 301,
  /** The platform host a subdomain's CNAME points at (an example for this guide). */
  platformTarget: 'projects.petstore-hosting.dev',
  /** The platform-assigned subdomain a project gets by default (an example for this guide). */
  defaultSubdomain: 'your-project.petstore-hosting.dev',
} as const;
