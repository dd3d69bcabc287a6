/**
 * A description as its readers saw it: the root file with every file its `$ref`s lead to joined in (bundle.ts),
 * read within the same limits as the build, with a way back from each place to the file and line it is written at.
 * For tools that compare descriptions as written (the breaking-change gate, the releases), not for the model.
 */
import path from 'node:path';
import { readDescription } from './bundle.ts';
import { defaultParseLimits, tooLarge } from './parse-source.ts';
import { readBounded } from './read-bounded.ts';
import { SpecError, type SpecProblem } from './spec-problem.ts';

export interface JoinedDescription {
  data: unknown;
  /** The root file's text. */
  text: string;
  /** How many files it was joined from (1: the root file alone). */
  files: number;
  /** Where a place in the joined document is written: its file (unset: the root file) and line. */
  place(pointer: string): Pick<SpecProblem, 'file' | 'pointer' | 'position'>;
}

/** Reads the description at `file`, joined from its files. Throws SpecError (named `file`) when it cannot. */
export async function readJoinedDescription(file: string): Promise<JoinedDescription> {
  const limits = defaultParseLimits;
  const refuse = (problem: SpecProblem): never => {
    throw new SpecError(file, [problem]);
  };
  const read = await readBounded(file, limits.maxBytes).catch((error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'ENOENT' ? 'it does not exist' : error.code === 'EISDIR' ? 'it is a folder' : String(error);
    return refuse({ severity: 'error', pointer: '', message: `The file could not be read: ${reason}.` });
  });
  if (!read.ok) {
    return refuse(
      read.reason === 'too-large'
        ? tooLarge(read.size, limits)
        : { severity: 'error', pointer: '', message: 'The file could not be read: it is not a file.' },
    );
  }
  const joined = await readDescription(file, read.bytes, limits, file);
  if (!joined.ok) throw new SpecError(file, joined.problems);
  const { bundle } = joined;
  const root = path.resolve(file);
  return {
    data: bundle.data,
    text: read.bytes.toString('utf8'),
    files: bundle.files.length,
    place(pointer) {
      const at = bundle.origin(pointer);
      const position = at.file.locate(at.pointer);
      return {
        pointer: at.pointer,
        ...(position ? { position } : {}),
        ...(at.file.path === root ? {} : { file: at.file.shown }),
      };
    },
  };
}
