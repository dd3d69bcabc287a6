/**
 * `npm run sandbox -- --watch` (as `npm run dev` runs it): the sandbox follows the description being written. Each
 * file of it is watched through its folder, so a save that replaces the file (some editors; git checkout) is seen
 * too; saves close together are taken once, as an editor often writes a file in several steps.
 */
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';

/** Saves closer together than this are one save (the dev server's watcher waits as long, spec-watcher.ts). */
const settleMs = 150;

export interface DescriptionWatch {
  /** Watches these files too (the files of the version just loaded). */
  add(files: readonly string[]): void;
  close(): void;
}

/** Calls `saved` after a save to any of `files` (and of those `add`ed later). */
export function watchDescription(files: readonly string[], saved: () => void): DescriptionWatch {
  const watched = new Set<string>();
  const folders = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  const add = (list: readonly string[]) => {
    for (const file of list.map((f) => path.resolve(f))) {
      watched.add(file);
      const folder = path.dirname(file);
      if (folders.has(folder)) continue;
      const watcher = watch(folder, (_event, name) => {
        if (name === null || !watched.has(path.join(folder, name.toString()))) return;
        clearTimeout(timer);
        timer = setTimeout(saved, settleMs);
      });
      // A folder removed under it: its files are reported missing by the next load.
      watcher.on('error', () => folders.delete(folder));
      folders.set(folder, watcher);
    }
  };
  add(files);
  return {
    add,
    close() {
      clearTimeout(timer);
      for (const watcher of folders.values()) watcher.close();
    },
  };
}
