/**
 * How the project's programs read their arguments (`spec:check`, `spec:diff`/`spec:release`, the static server):
 * node:util's parseArgs, strict, so a mistyped flag is named as one instead of being taken for a file name, plus
 * `--help`. Reading never exits: the program prints the message and sets the exit code (0 after `--help`, 2 after
 * a mistake, as command-line tools do), which keeps this testable.
 */
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

export type ParsedCommandLine<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>
>;

export interface CommandLineSpec<O extends ParseArgsOptionsConfig> {
  /** The program's name as its reader types it, e.g. `npm run spec:check --`. */
  name: string;
  /** The usage and option lines `--help` prints. */
  usage: string;
  /** parseArgs' options; `strict` and `allowPositionals` are set here. */
  options: O;
  /** At most this many positional arguments (default: none). */
  maxPositionals?: number;
}

export type CommandLineReading<O extends ParseArgsOptionsConfig> =
  | { ok: true; args: ParsedCommandLine<O> }
  | { ok: false; exitCode: 0 | 2; message: string };

/** Reads `argv` (without node and the script) or says why not; `--help` or `-h` anywhere before `--` asks for usage. */
export function readCommandLine<const O extends ParseArgsOptionsConfig>(
  argv: string[],
  spec: CommandLineSpec<O>,
): CommandLineReading<O> {
  const beforeEnd = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (beforeEnd.includes('--help') || beforeEnd.includes('-h')) return { ok: false, exitCode: 0, message: spec.usage };
  const mistake = (what: string) => ({
    ok: false as const,
    exitCode: 2 as const,
    message: `${spec.name}: ${what} (--help lists the options).`,
  });
  let args: ParsedCommandLine<O>;
  try {
    args = parseArgs({ args: argv, options: spec.options, strict: true, allowPositionals: true });
  } catch (error) {
    return mistake(parseArgsMistake(error));
  }
  const max = spec.maxPositionals ?? 0;
  if (args.positionals.length > max) {
    const extra = args.positionals.slice(max).join(' ');
    return mistake(
      max === 0
        ? `takes no arguments, was given ${extra}`
        : `takes at most ${max} argument${max === 1 ? '' : 's'}, was also given ${extra}`,
    );
  }
  return { ok: true, args };
}

/** parseArgs' errors in one short line each; its own messages suggest `--` for a positional, not a typo. */
function parseArgsMistake(error: unknown): string {
  if (!(error instanceof Error)) throw error;
  const code = 'code' in error ? error.code : undefined;
  const option = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return error.message.replace(/\.$/, '');
  throw error;
}
