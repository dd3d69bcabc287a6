/**
 * A container image's files, made without a container engine: the steps of a Containerfile carried out in a
 * temporary folder, one folder per stage standing for its file system. What the tests of the hosted sandbox run is
 * then what the Containerfile copies, nothing from the checkout: if it says `COPY x`, x is copied; if it does not,
 * x is not there.
 *
 * It knows the steps src/sandbox/deploy/Containerfile uses, and refuses any other:
 * - `FROM image [AS name]` starts a stage (the base image's own files are not made: Node is the test's own, 24);
 * - `WORKDIR`, `ENV name=value…`, `CMD ["node", …]` (exec form), and `USER`, `EXPOSE`, `HEALTHCHECK`, `LABEL`
 *   (nothing to make);
 * - `COPY [--from=stage] source… dest`: from the checkout (the build context) or an earlier stage's folder;
 *   a folder's contents are copied into dest, as Docker does;
 * - `RUN npm install|ci --omit=dev …`: the checkout's node_modules stand in for the install (linked); that the
 *   sandbox takes nothing from a development-only package is checked apart (hosting-image.test.ts);
 * - `RUN node script [args]`: run with the test's Node, in the stage's working folder; an absolute path among the
 *   arguments is taken inside the stage's folder.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ImageFiles {
  /** The temporary folder holding every stage. */
  dir: string;
  /** The last stage's working folder, on this machine. */
  workdir: string;
  /** The environment the image sets (`ENV`). */
  env: Record<string, string>;
  /** The command it runs (`CMD`), with `node` as the test's Node. */
  command: string[];
}

interface Stage {
  name: string | undefined;
  /** This stage's file system on this machine. */
  root: string;
  /** The working folder, inside the image (`/app`). */
  workdir: string;
  env: Record<string, string>;
  command: string[];
}

/** The Containerfile's instructions: comments and blank lines left out, continued lines joined. */
export function instructions(text: string): { keyword: string; args: string }[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      return { keyword: keyword.toUpperCase(), args };
    });
}

/** Makes the files of the image `containerfile` describes, with `context` as the build context. */
export function makeImageFiles(containerfile: string, context: string): ImageFiles {
  const dir = mkdtempSync(path.join(tmpdir(), 'petstore-image-'));
  const stages: Stage[] = [];
  const inStage = (stage: Stage, at: string) =>
    path.join(stage.root, path.isAbsolute(at) ? at : path.join(stage.workdir, at));
  const current = () => {
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${containerfile}: a step before FROM`);
    return stage;
  };

  for (const { keyword, args } of instructions(readFileSync(containerfile, 'utf8'))) {
    const words = args.split(/\s+/);
    switch (keyword) {
      case 'FROM': {
        const name = /\s+AS\s+(\S+)$/i.exec(args)?.[1];
        const root = path.join(dir, `stage-${stages.length}`);
        mkdirSync(root);
        stages.push({ name, root, workdir: '/', env: {}, command: [] });
        break;
      }
      case 'WORKDIR': {
        const stage = current();
        stage.workdir = path.posix.resolve(stage.workdir, args);
        mkdirSync(inStage(stage, '.'), { recursive: true });
        break;
      }
      case 'ENV':
        for (const pair of words) {
          const [name = '', ...value] = pair.split('=');
          current().env[name] = value.join('=');
        }
        break;
      case 'COPY': {
        const stage = current();
        const from = words[0]?.startsWith('--from=') ? words.shift()?.slice('--from='.length) : undefined;
        if (words.some((word) => word.startsWith('--')))
          throw new Error(`COPY ${args}: an option the test does not know`);
        const dest = words.pop();
        if (!dest || words.length === 0) throw new Error(`COPY ${args}: no source or no destination`);
        const source = from === undefined ? undefined : stages.find((s) => s.name === from);
        if (from !== undefined && !source) throw new Error(`COPY ${args}: no stage ${from} before it`);
        for (const item of words) {
          const at = source ? inStage(source, item) : path.join(context, item);
          const target = inStage(stage, dest);
          if (statSync(at).isDirectory()) cpSync(at, target, { recursive: true });
          else if (dest.endsWith('/') || words.length > 1) {
            mkdirSync(target, { recursive: true });
            cpSync(at, path.join(target, path.basename(item)));
          } else cpSync(at, target);
        }
        break;
      }
      case 'RUN': {
        const stage = current();
        const [program, ...rest] = words;
        if (program === 'npm' && (rest[0] === 'install' || rest[0] === 'ci') && rest.includes('--omit=dev')) {
          symlinkSync(path.join(context, 'node_modules'), inStage(stage, 'node_modules'));
        } else if (program === 'node' && rest[0]) {
          const run = spawnSync(
            process.execPath,
            rest.map((word) => (path.isAbsolute(word) ? inStage(stage, word) : word)),
            { cwd: inStage(stage, '.'), env: { ...stage.env, PATH: process.env.PATH ?? '' }, encoding: 'utf8' },
          );
          if (run.status !== 0) throw new Error(`RUN ${args} failed (${run.status}):\n${run.stdout}${run.stderr}`);
        } else
          throw new Error(`RUN ${args}: a step the test does not know how to make (tests/support/container-image.ts)`);
        break;
      }
      case 'CMD': {
        const command = JSON.parse(args) as string[];
        if (command[0] !== 'node') throw new Error(`CMD ${args}: the test runs only node`);
        current().command = [process.execPath, ...command.slice(1)];
        break;
      }
      case 'USER':
      case 'EXPOSE':
      case 'HEALTHCHECK':
      case 'LABEL':
        break;
      default:
        throw new Error(`${keyword} ${args}: a step the test does not know (tests/support/container-image.ts)`);
    }
  }
  const last = current();
  if (last.command.length === 0) throw new Error(`${containerfile}: no CMD`);
  return { dir, workdir: inStage(last, '.'), env: last.env, command: last.command };
}
