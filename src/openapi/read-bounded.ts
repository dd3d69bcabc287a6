/**
 * Reads a description file only once its size is known to be within a limit: the size comes from the open file
 * (fstat), so a 2 GB file is refused without reading a byte of it, and no more than that size is ever read, even
 * if the file grows meanwhile. Opened without blocking, so a named pipe cannot hold the build; only a regular
 * file is read.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export type BoundedRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'too-large'; size: number }
  | { ok: false; reason: 'not-a-file' };

/** The file's bytes, or why they were not read. Throws only what opening the file throws (ENOENT, EACCES…). */
export async function readBounded(file: string, maxBytes: number): Promise<BoundedRead> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { ok: false, reason: 'not-a-file' };
    if (stats.size > maxBytes) return { ok: false, reason: 'too-large', size: stats.size };
    const bytes = Buffer.alloc(stats.size);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, bytes: filled === bytes.length ? bytes : bytes.subarray(0, filled) };
  } finally {
    await handle.close();
  }
}
