/**
 * Files the site reads beside its description (favicon.svg, portal.json, the release files): read as `$ref`s are
 * (openapi/bundle.ts), only from inside their folder. A symbolic link out of it would publish, or quote in an error,
 * a file of the machine that builds the site; a FIFO would hang the build and a device would never end. So each is
 * looked at before it is opened, opened without blocking, and read only when it is a regular file of bounded size.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import path from 'node:path';

/** One line for one file beside the description: `file: what is wrong` or `file:line: what is wrong`. */
export class BesideFileError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly problem: string;

  constructor(file: string, problem: string, line?: number) {
    super(`${shownPath(file)}${line === undefined ? '' : `:${line}`}: ${problem}`);
    this.name = 'BesideFileError';
    this.file = file;
    this.line = line;
    this.problem = problem;
  }
}

/** A path as messages show it: relative to the working folder when inside it. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

export interface BesideOptions {
  /** The folders the file (symbolic links followed) must be in; none: anywhere (a path named on purpose). */
  within: readonly string[];
  /** Bytes past which the file is refused. */
  maxBytes: number;
}

/**
 * The real path of `file` (symbolic links followed) once it is known to be a regular file inside `within` of at
 * most `maxBytes`, or undefined when there is none; anything else is a BesideFileError. Looks, never opens.
 */
export function confinedFile(file: string, options: BesideOptions): string | undefined {
  let link: ReturnType<typeof lstatSync>;
  try {
    link = lstatSync(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new BesideFileError(file, `it could not be read (${errorCode(error) ?? String(error)}).`);
  }
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    throw new BesideFileError(file, 'it is a symbolic link to nothing; it is not read.');
  }
  if (options.within.length > 0 && !options.within.some((folder) => isWithin(realFolder(folder), real))) {
    const folders = options.within.map(shownPath).join(' and ');
    throw new BesideFileError(
      file,
      link.isSymbolicLink()
        ? `it is a symbolic link to a file outside ${folders}; it is not read.`
        : `it is outside ${folders} (through a linked folder); it is not read.`,
    );
  }
  checkKind(file, statSync(real), options.maxBytes);
  return real;
}

/**
 * The bytes of `file`, or undefined when there is none. Anything else that is not a regular file inside `within`
 * of at most `maxBytes` is a BesideFileError; a FIFO, socket or device is never opened for reading.
 */
export function readBesideFile(file: string, options: BesideOptions): Buffer | undefined {
  const real = confinedFile(file, options);
  if (real === undefined) return undefined;
  // O_NONBLOCK: should the file become a FIFO between the look and the opening, opening it does not wait.
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new BesideFileError(file, `it could not be read (${errorCode(error) ?? String(error)}).`);
  }
  try {
    const stat = fstatSync(fd);
    checkKind(file, stat, options.maxBytes);
    const bytes = Buffer.alloc(stat.size);
    let filled = 0;
    while (filled < bytes.length) {
      const read = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return bytes.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

function checkKind(file: string, stat: Stats, maxBytes: number): void {
  if (stat.isDirectory()) throw new BesideFileError(file, 'it is a folder, not a file; it is not read.');
  if (!stat.isFile()) {
    const kind = stat.isFIFO() ? 'a FIFO' : stat.isSocket() ? 'a socket' : 'a device';
    throw new BesideFileError(file, `it is ${kind}, not a regular file; it is not read.`);
  }
  if (stat.size > maxBytes) throw new BesideFileError(file, tooLarge(stat.size, maxBytes));
}

/** `readBesideFile` as UTF-8 text. */
export function readBesideText(file: string, options: BesideOptions): string | undefined {
  return readBesideFile(file, options)?.toString('utf8');
}

function tooLarge(size: number, max: number): string {
  const kb = (n: number) => `${Math.ceil(n / 1024).toLocaleString('en')} KB`;
  return `it is ${kb(size)}, over the limit of ${kb(max)}; it is not read.`;
}

function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

function isWithin(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
