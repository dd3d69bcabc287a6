/** The ids a bench gives descriptions it lists in one portal.json: their file names, as portal.json's `apis` take them. */
import { apiId } from '../../src/site/site-config.ts';

/**
 * One id per file name, in order: the name without `.json`/`.yaml`, lower case, every run of other characters a
 * hyphen, at most 40 characters; a name already taken gets `-2`, `-3`… (`twilio_chat_v1.json` → `twilio-chat-v1`).
 */
export function apiIdsOf(fileNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return fileNames.map((fileName) => {
    const id = fileName
      .replace(/\.(json|ya?ml)$/i, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)
      .replace(/^-+|-+$/g, '');
    if (!apiId.test(id)) throw new Error(`${fileName} makes no API id (${JSON.stringify(id)})`);
    let unique = id;
    for (let n = 2; taken.has(unique); n++)
      unique = `${id.slice(0, 40 - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    taken.add(unique);
    return unique;
  });
}
