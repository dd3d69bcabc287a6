/**
 * The one entry point: a description file → a checked ApiModel, or a
 * SpecError listing every problem with file:line:column and pointer.
 * No Astro imports, so config, pages, the sandbox and vitest all use it.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { digestsOf, readDescription } from './bundle.ts';
import { compositionChainProblems } from './composition-chains.ts';
import { toModelDialect } from './dialect.ts';
import { withoutHidden } from './hidden.ts';
import { type ApiModel, sentByApi } from './model.ts';
import { normalize } from './normalize/index.ts';
import { defaultParseLimits, type ParseLimits, parseSource, tooLarge } from './parse-source.ts';
import { type BoundedRead, readBounded } from './read-bounded.ts';
import { checkReferences, withInlinedPathItems } from './refs.ts';
import { linkBaseOf, relativeLinkWarning } from './relative-links.ts';
import { hostlessServers } from './server-address.ts';
import { type SourcePosition, SpecError, type SpecProblem } from './spec-problem.ts';
import { convertSwagger2, isSwagger2 } from './swagger2.ts';
import { unlinkedUrlWarnings } from './unlinked-urls.ts';
import { findUnshownStructures, UnshownReport } from './unshown.ts';
import { checkVersion, validateAgainstSchema, validateAndMend } from './validate.ts';

/** The description the portal is built from, relative to the project root. */
export const defaultSpecPath = 'spec/openapi.yaml';

/** Environment variable that points the build (and sandbox) at another description. */
export const specPathVariable = 'PETSTORE_SPEC';

/** The description to load: `$PETSTORE_SPEC` if set, else spec/openapi.yaml, resolved from `root`. */
export function resolveSpecPath(root: string, env: Record<string, string | undefined> = process.env): string {
  const chosen = env[specPathVariable]?.trim();
  return path.resolve(root, chosen ? chosen : defaultSpecPath);
}

export type CheckResult = { ok: true; model: ApiModel } | { ok: false; problems: SpecProblem[] };

/**
 * Checks description text and builds the model. Every stage runs as far as
 * it safely can, so one run reports every problem it can find.
 */
export interface CheckOptions {
  /** Warnings are errors too (`PETSTORE_STRICT=1`, `spec:check --strict`). */
  strict?: boolean;
  /** Where relative links in descriptions lead (`PETSTORE_LINK_BASE`); default: the description's externalDocs.url. */
  linkBase?: string;
}

/** Environment variable naming the site relative links in descriptions belong to. */
export const linkBaseVariable = 'PETSTORE_LINK_BASE';

/** Whether the environment asks for strict checking: `PETSTORE_STRICT=1`. */
export function strictFromEnv(env: Record<string, string | undefined> = process.env): boolean {
  return env[strictVariable] === '1' || env[strictVariable] === 'true';
}

/** Environment variable that makes warnings errors, for a docs team's CI. */
export const strictVariable = 'PETSTORE_STRICT';

export async function checkSpecText(
  text: string,
  limits: ParseLimits = defaultParseLimits,
  options: CheckOptions = {},
): Promise<CheckResult> {
  const parsed = parseSource(text, limits);
  if (!parsed.ok) return { ok: false, problems: parsed.problems };
  const { data, locate } = parsed.source;
  return checkDocument(data, (pointer) => ({ pointer, position: locate(pointer) }), options);
}

/** Where a place in the checked document was written: its file (unset: the root file), place and position. */
type WrittenAt = (pointer: string) => { file?: string; pointer: string; position?: SourcePosition | undefined };

/** Checks parsed data (one file, or a multi-file description joined) and builds the model. */
async function checkDocument(data: unknown, writtenAt: WrittenAt, options: CheckOptions): Promise<CheckResult> {
  // A Swagger 2.0 description is checked as written, then converted; `toWritten` leads back from the conversion.
  let toWritten = (pointer: string) => pointer;
  const placed = new WeakSet<SpecProblem>();
  const place = (problems: SpecProblem[]): SpecProblem[] =>
    problems.map((p) => {
      if (placed.has(p)) return p;
      const at = p.file === undefined ? writtenAt(toWritten(p.pointer)) : undefined;
      const position = p.position ?? at?.position;
      const out: SpecProblem = at
        ? { ...p, pointer: at.pointer, ...(position ? { position } : {}), ...(at.file ? { file: at.file } : {}) }
        : p;
      placed.add(out);
      return out;
    });

  const versionProblems = checkVersion(data);
  if (versionProblems.length > 0) return { ok: false, problems: place(versionProblems) };
  let record = data as Record<string, unknown>;

  const asWritten: SpecProblem[] = [];
  let convertedFrom: ApiModel['convertedFrom'];
  if (isSwagger2(record)) {
    const checked = [...(await validateAgainstSchema(withInlinedPathItems(record))), ...checkReferences(record)];
    if (checked.some((p) => p.severity === 'error')) return { ok: false, problems: place(checked) };
    const converted = convertSwagger2(record);
    asWritten.push(...place([...checked, ...converted.problems]));
    record = converted.document;
    toWritten = converted.toOriginal;
    convertedFrom = 'swagger-2.0';
  }

  // Schema and reference problems are independent; report both before giving up.
  const validated = await validateAndMend(record, withInlinedPathItems(record));
  const structural = [...validated.problems, ...checkReferences(record), ...compositionChainProblems(record)];
  if (structural.some((p) => p.severity === 'error'))
    return { ok: false, problems: place([...asWritten, ...structural]) };

  // What the team keeps to itself (x-internal, x-hidden) is checked with the rest, then left out of everything
  // published: the model and the downloads are made from the description without it (hidden.ts).
  const structuralPlaced = place(structural);
  const published = withoutHidden(record);
  const publishedMended = validated.mended ? withoutHidden(validated.mended).document : published.document;
  const fromConversion = toWritten;
  toWritten = (pointer) => fromConversion(published.toWritten(pointer));
  record = published.document;

  // 3.1 and 3.2 differences are settled here, so everything after reads 3.0's dialect. A mistake confined to one
  // schema or metadata field was mended in a copy (validate.ts); the downloads keep the description as written.
  const dialect = toModelDialect(publishedMended);
  const { model, problems } = normalize(dialect.document as unknown as OpenAPIV3.Document);
  model.source = record;
  if (convertedFrom) model.convertedFrom = convertedFrom;
  if (published.hidden.operations + published.hidden.tags > 0) model.hidden = published.hidden;
  const linkBase = options.linkBase ?? linkBaseOf((record.externalDocs as { url?: unknown } | undefined)?.url);
  if (linkBase) model.linkBase = linkBase;
  const unshown = new UnshownReport();
  findUnshownStructures(dialect.document, unshown);
  const found = place([
    ...asWritten,
    ...structuralPlaced,
    ...dialect.problems,
    ...unshown.problems(),
    ...problems,
    ...relativeLinkWarning(record, linkBase),
    ...unlinkedUrlWarnings(model, record, new Set(structural.map((p) => p.pointer))),
  ]);
  // Strict: a docs team's CI refuses what a build would only warn about.
  const final = options.strict ? found.map((p) => ({ ...p, severity: 'error' as const })) : found;
  if (final.some((p) => p.severity === 'error')) return { ok: false, problems: final };
  model.warnings = final;
  // Only operations a reader calls are sent to a server (a webhook's sample goes to the reader's own).
  const hostless = model.operations.some((o) => !sentByApi(o)) ? hostlessServers(record, convertedFrom) : undefined;
  const [hostlessAt] = hostless ? place([hostless]) : [];
  if (hostlessAt) model.hostlessServers = hostlessAt;
  return { ok: true, model };
}

/** Reads and checks a description file. Throws SpecError (every problem, with positions) when it is unusable. */
export async function loadApiModel(
  file: string,
  limits: ParseLimits = defaultParseLimits,
  options: CheckOptions = optionsFromEnv(),
): Promise<ApiModel> {
  const shown = path.relative(process.cwd(), file) || file;
  let read: BoundedRead;
  try {
    read = await readBounded(file, limits.maxBytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    unreadable(shown, code === 'ENOENT' ? 'it does not exist' : code === 'EISDIR' ? 'it is a folder' : String(error));
  }
  if (!read.ok) {
    if (read.reason === 'too-large') throw new SpecError(shown, [tooLarge(read.size, limits)]);
    unreadable(shown, 'it is not a file');
  }
  const bytes = read.bytes;
  if (limits !== defaultParseLimits || options.strict || options.linkBase) {
    return (await modelOf(file, shown, bytes, limits, options)).model;
  }
  // One build loads the description from several module graphs (the integration, the bundled pages, the host files
  // step); a process-wide cache keyed by the file's path and its bytes' digest checks it once. Edits change the
  // digest. A digest, not the text: the text would stay in memory for the whole build (up to twice the file).
  // And of the bytes, so that a load the cache answers never decodes them: the host files step, at the end of a
  // large build, otherwise made that build's peak. A multi-file description's other files
  // are compared by digest too.
  const { models, lastBuilt } = processCache();
  const digest = createHash('sha256').update(bytes).digest('hex');
  const cached = models.get(file);
  if (cached?.digest === digest) {
    const hit = await cached.loaded.then(
      async ({ model, others }) => (await unchanged(others, limits.maxBytes)) && model,
      () => undefined,
    );
    if (hit) return hit;
  }
  const loaded = modelOf(file, shown, bytes, limits);
  const entry = { digest, loaded };
  models.set(file, entry);
  const model = loaded.then((l) => l.model);
  model.then(
    () => lastBuilt.set(file, model),
    // A failure is not kept as the answer (the next call checks again), unless a newer text replaced it already.
    () => models.get(file) === entry && models.delete(file),
  );
  return model;
}

function unreadable(shown: string, reason: string): never {
  throw new SpecError(shown, [
    {
      severity: 'error',
      pointer: '',
      message: `The API description could not be read: ${reason}.`,
      hint: `Put the description at ${defaultSpecPath}, or point ${specPathVariable} at it.`,
    },
  ]);
}

/**
 * The last model this file gave in this process, if any: in `astro dev`, while an edit has broken the description,
 * pages keep showing that version (src/integration/spec-watcher.ts reports the errors).
 */
export function lastBuiltModel(file: string): Promise<ApiModel> | undefined {
  return processCache().lastBuilt.get(file);
}

/** A model, and the description's other files (path and digest) it was read from. */
interface Loaded {
  model: ApiModel;
  others: { path: string; digest: string }[];
}

async function modelOf(
  file: string,
  shown: string,
  bytes: Buffer,
  limits: ParseLimits,
  options: CheckOptions = {},
): Promise<Loaded> {
  const read = await readDescription(file, bytes, limits, shown);
  if (!read.ok) throw new SpecError(shown, read.problems);
  const { bundle } = read;
  const result = await checkDocument(
    bundle.data,
    (pointer) => {
      const at = bundle.origin(pointer);
      return {
        pointer: at.pointer,
        position: at.file.locate(at.pointer),
        ...(at.file.path === file ? {} : { file: at.file.shown }),
      };
    },
    options,
  );
  if (!result.ok) throw new SpecError(shown, result.problems);
  result.model.files = bundle.files.map((f) => f.path);
  return { model: result.model, others: bundle.files.slice(1).map(({ path, digest }) => ({ path, digest })) };
}

/** Whether each file still has the digest it had. */
async function unchanged(files: Loaded['others'], maxBytes: number): Promise<boolean> {
  if (files.length === 0) return true;
  const now = await digestsOf(
    files.map((f) => f.path),
    maxBytes,
  );
  return now?.every((digest, i) => digest === files[i]?.digest) === true;
}

interface ModelCache {
  /** By file: the model of the text last asked for, and that text's SHA-256. */
  models: Map<string, { digest: string; loaded: Promise<Loaded> }>;
  /** By file: the last model that loaded. */
  lastBuilt: Map<string, Promise<ApiModel>>;
}

function processCache(): ModelCache {
  const key = Symbol.for('petstore-portal.api-model-cache');
  const holder = globalThis as typeof globalThis & { [key: symbol]: ModelCache | undefined };
  holder[key] ??= { models: new Map(), lastBuilt: new Map() };
  return holder[key];
}

/** The options the environment asks for: PETSTORE_STRICT and PETSTORE_LINK_BASE. */
function optionsFromEnv(env: Record<string, string | undefined> = process.env): CheckOptions {
  const linkBase = linkBaseOf(env[linkBaseVariable]?.trim());
  return { strict: strictFromEnv(env), ...(linkBase ? { linkBase } : {}) };
}
