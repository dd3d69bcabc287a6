/**
 * Starlight's Badge, imported from its own file (the `starlight-user-components/` alias, astro.config.mjs) rather
 * than its components barrel; its props as Starlight documents them.
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
