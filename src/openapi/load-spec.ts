/**
 * The one entry point: a description file → a checked ApiModel, or a
 * SpecError listing every problem with file:line:column and pointer.
 * No Astro imports, so config, pages, the sandbox and vitest all use it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { toModelDialect } from './dialect.ts';
import type { ApiModel } from './model.ts';
import { normalize } from './normalize/index.ts';
import { defaultParseLimits, type ParseLimits, parseSource } from './parse-source.ts';
import { checkReferences, withInlinedPathItems } from './refs.ts';
import { linkBaseOf, relativeLinkWarning } from './relative-links.ts';
import { SpecError, type SpecProblem } from './spec-problem.ts';
import { unlinkedUrlWarnings } from './unlinked-urls.ts';
import { findUnshownStructures, UnshownReport } from './unshown.ts';
import { checkVersion, validateAgainstSchema } from './validate.ts';

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
  const place = (problems: SpecProblem[]): SpecProblem[] =>
    problems.map((p) => {
      const position = p.position ?? locate(p.pointer);
      return position ? { ...p, position } : p;
    });

  const versionProblems = checkVersion(data);
  if (versionProblems.length > 0) return { ok: false, problems: place(versionProblems) };
  const record = data as Record<string, unknown>;

  // Schema and reference problems are independent; report both before giving up.
  const structural = [...(await validateAgainstSchema(withInlinedPathItems(record))), ...checkReferences(record)];
  if (structural.some((p) => p.severity === 'error')) return { ok: false, problems: place(structural) };

  // 3.1 and 3.2 differences are settled here, so everything after reads 3.0's dialect.
  const dialect = toModelDialect(record);
  const { model, problems } = normalize(dialect.document as unknown as OpenAPIV3.Document);
  model.source = record;
  const linkBase = options.linkBase ?? linkBaseOf((record.externalDocs as { url?: unknown } | undefined)?.url);
  if (linkBase) model.linkBase = linkBase;
  const unshown = new UnshownReport();
  findUnshownStructures(dialect.document, unshown);
  const found = [
    ...structural,
    ...dialect.problems,
    ...unshown.problems(),
    ...problems,
    ...relativeLinkWarning(record, linkBase),
    ...unlinkedUrlWarnings(model, record, new Set(structural.map((p) => p.pointer))),
  ];
  // Strict: a docs team's CI refuses what a build would only warn about.
  const placed = place(options.strict ? found.map((p) => ({ ...p, severity: 'error' as const })) : found);
  if (placed.some((p) => p.severity === 'error')) return { ok: false, problems: placed };
  model.warnings = placed;
  return { ok: true, model };
}

/** Reads and checks a description file. Throws SpecError (every problem, with positions) when it is unusable. */
export async function loadApiModel(
  file: string,
  limits: ParseLimits = defaultParseLimits,
  options: CheckOptions = optionsFromEnv(),
): Promise<ApiModel> {
  const shown = path.relative(process.cwd(), file) || file;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String(error);
    throw new SpecError(shown, [
      {
        severity: 'error',
        pointer: '',
        message: `The API description could not be read: ${reason}.`,
        hint: `Put the description at ${defaultSpecPath}, or point ${specPathVariable} at it.`,
      },
    ]);
  }
  if (limits !== defaultParseLimits || options.strict || options.linkBase) {
    return modelOf(shown, bytes.toString('utf8'), limits, options);
  }
  // One build loads the description from several module graphs (the integration, the bundled pages, the host files
  // step); a process-wide cache keyed by the file's path and its bytes' digest checks it once. Edits change the
  // digest. A digest, not the text: the text would stay in memory for the whole build (110 MB for a 58 MB file).
  // And of the bytes, so that a load the cache answers never decodes them: the host files step, at the end of a
  // 10,000-operation build, otherwise made that build's peak (+220 MB).
  const { models, lastBuilt } = processCache();
  const digest = createHash('sha256').update(bytes).digest('hex');
  const cached = models.get(file);
  if (cached?.digest === digest) return cached.model;
  const entry = { digest, model: modelOf(shown, bytes.toString('utf8'), limits) };
  models.set(file, entry);
  entry.model.then(
    () => lastBuilt.set(file, entry.model),
    // A failure is not kept as the answer (the next call checks again), unless a newer text replaced it already.
    () => models.get(file) === entry && models.delete(file),
  );
  return entry.model;
}

/**
 * The last model this file gave in this process, if any: in `astro dev`, while an edit has broken the description,
 * pages keep showing that version (src/integration/spec-watcher.ts reports the errors).
 */
export function lastBuiltModel(file: string): Promise<ApiModel> | undefined {
  return processCache().lastBuilt.get(file);
}

async function modelOf(
  shown: string,
  text: string,
  limits: ParseLimits,
  options: CheckOptions = {},
): Promise<ApiModel> {
  const result = await checkSpecText(text, limits, options);
  if (!result.ok) throw new SpecError(shown, result.problems);
  return result.model;
}

interface ModelCache {
  /** By file: the model of the text last asked for, and that text's SHA-256. */
  models: Map<string, { digest: string; model: Promise<ApiModel> }>;
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
