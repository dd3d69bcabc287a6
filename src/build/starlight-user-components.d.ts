/**
 * Starlight's Badge and Steps' processor, imported from its own file (the `starlight-user-components/` alias, astro.config.mjs) rather
 * than its components barrel; Badge's props as Starlight documents them.
 */
declare module 'starlight-user-components/Badge.astro' {
  interface BadgeProps {
    text: string;
    variant?: 'note' | 'danger' | 'success' | 'caution' | 'tip' | 'default' | undefined;
    size?: 'small' | 'medium' | 'large' | undefined;
    class?: string | undefined;
  }
  const Badge: (props: BadgeProps) => unknown;
  export default Badge;
}

declare module 'starlight-user-components/steps-processor.js' {
  /** Checks that a Steps' content is one ordered list and marks it `sl-steps` (src/components/guides/Steps.astro). */
  export function processSteps(html: string | undefined): { html: string };
}
