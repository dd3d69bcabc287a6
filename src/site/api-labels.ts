/**
 * What the site calls each of its APIs where they are listed together (sidebar, home page, search's API filter).
 * Pure and import-free: the search dialog's script bundles it, and nothing of the build may come along.
 */

/**
 * Each API's title, in order; where two or more APIs share a title (Twilio's three "Twilio - Chat"), its title and
 * id (`Twilio - Chat (chat-v1)`), so that no two are named alike.
 */
export function apiLabels(apis: readonly { id: string | undefined; title: string }[]): string[] {
  const titles = new Map<string, number>();
  for (const { title } of apis) titles.set(title, (titles.get(title) ?? 0) + 1);
  return apis.map(({ id, title }) => ((titles.get(title) ?? 0) > 1 && id !== undefined ? `${title} (${id})` : title));
}
