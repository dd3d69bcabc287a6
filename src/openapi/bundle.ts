/**
 * A description in several files, read as one. `PETSTORE_SPEC` names the root file; each `$ref` to another
 * local file (YAML or JSON, any depth) is followed and the files are joined into one document, as `redocly
 * bundle` would: a file's content is written once, at the first place that refers to it (components first), and
 * other references to it point there; a schema first referred to from outside the components becomes a named
 * schema (`components/schemas/<file name>`), so it has a model page.
 *
 * The files are untrusted, so a `$ref` may not leave the root file's folder (`../` past it, an absolute path, a
 * symlink pointing out) and a URL is never fetched: each is an error at the referring file:line, and the outside
 * file is never opened. Every place in the joined document maps back to the file and place it was written at
 * (`origin`), so problems found later name the file they are in, not the bundle.
 */
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { escapeSegment, fromPointer, getAtPointer, isRecord } from './json-pointer.ts';
import { formatBytes, maxSizeVariable, type ParseLimits, parseSource, tooLarge } from './parse-source.ts';
import { type BoundedRead, readBounded } from './read-bounded.ts';
import type { SourcePosition, SpecProblem } from './spec-problem.ts';

/** One file of the description. */
export interface DescriptionFile {
  /** Absolute path. */
  path: string;
  /** As problems name it: relative to the working directory. */
  shown: string;
  /** SHA-256 of its bytes. */
  digest: string;
  locate(pointer: string): SourcePosition | undefined;
}

/** Where a place in the joined document was written. */
export interface Origin {
  file: DescriptionFile;
  pointer: string;
}

export interface Bundle {
  data: unknown;
  /** Every file read, the root first. */
  files: DescriptionFile[];
  origin(pointer: string): Origin;
}

export type BundleResult = { ok: true; bundle: Bundle } | { ok: false; problems: SpecProblem[] };

/** Most files one description may have (DigitalOcean's has 2,907). */
const maxFiles = 20_000;

/** Keys whose children are names chosen by the author, not fields (as in refs.ts). */
const nameMaps = new Set([
  'paths',
  'properties',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'examples',
  'requestBodies',
  'securitySchemes',
  'links',
  'callbacks',
  'content',
  'encoding',
  'variables',
  'definitions',
  'securityDefinitions',
  'webhooks',
  'pathItems',
  'patternProperties',
]);
/** Keys that hold the author's literal data, where `$ref` is just text. */
const literalKeys = new Set(['example', 'default', 'enum', 'value', 'const']);
/** A `$ref` under one of these keys refers to a schema. */
const schemaSlots = new Set([
  'schema',
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'itemSchema',
]);
/** A `$ref` in a member of one of these refers to a schema. */
const schemaLists = new Set(['properties', 'allOf', 'anyOf', 'oneOf', 'patternProperties', 'prefixItems', '$defs']);

/** Reads the description at `root` and every local file it refers to. Never throws for bad input. */
export async function readDescription(
  root: string,
  rootBytes: Buffer,
  limits: ParseLimits,
  shownRoot = shownPath(root),
): Promise<BundleResult> {
  const rootPath = path.resolve(root);
  const reader = new FileReader(rootPath, limits);
  const first = await reader.read(rootPath, shownRoot, rootBytes);
  if (!first.ok) return { ok: false, problems: first.problems };
  const rootFile = first.file;
  // Most descriptions are one file: then nothing is copied.
  if (!mayReferToFiles(first.text)) return { ok: true, bundle: single(rootFile, first.data) };
  await reader.discover(rootFile, first.data);
  const joiner = new Joiner(reader, rootFile, first.data);
  const data = joiner.join();
  if (joiner.problems.length > 0) return { ok: false, problems: joiner.problems };
  if (reader.files.length === 1) return { ok: true, bundle: single(rootFile, first.data) };
  return { ok: true, bundle: { data, files: reader.files, origin: joiner.origin } };
}

/**
 * The bytes of `files`, hashed as `readDescription` hashed them; undefined when one cannot be read or they are
 * together over `maxBytes` (then they are not what was loaded, and a file swapped for a huge one is not read).
 */
export async function digestsOf(files: readonly string[], maxBytes: number): Promise<string[] | undefined> {
  const digests: string[] = [];
  let left = maxBytes;
  try {
    for (const file of files) {
      const read = await readBounded(file, left);
      if (!read.ok) return undefined;
      left -= read.bytes.length;
      digests.push(sha256(read.bytes));
    }
    return digests;
  } catch {
    return undefined;
  }
}

function single(file: DescriptionFile, data: unknown): Bundle {
  return { data, files: [file], origin: (pointer) => ({ file, pointer }) };
}

/** Whether the text has a `$ref` whose value does not start with `#` (cheap; a false yes only costs a walk). */
function mayReferToFiles(text: string): boolean {
  return /\$ref["']?\s*:\s*["']?(?!#)/.test(text);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

type ReadResult =
  | { ok: true; file: DescriptionFile; data: unknown; text: string }
  | { ok: false; problems: SpecProblem[] };

/** What a `$ref`'s file part leads to, from one folder. */
type Resolution =
  | { kind: 'read'; result: ReadResult }
  | { kind: 'url' | 'absolute' | 'outside' | 'link-outside' | 'missing' | 'malformed' | 'too-many' };

/** Reads and parses files, each once, within the root folder and the size limit (all files together). */
class FileReader {
  readonly files: DescriptionFile[] = [];
  readonly #byPath = new Map<string, Promise<ReadResult>>();
  #bytes = 0;
  #realFolder: Promise<string>;

  readonly folder: string;
  readonly root: string;
  readonly limits: ParseLimits;

  constructor(root: string, limits: ParseLimits) {
    this.root = root;
    this.limits = limits;
    this.folder = path.dirname(root);
    this.#realFolder = realpath(this.folder).catch(() => this.folder);
  }

  /** How problems name a file: the root file is the report's own, so it is not named again. */
  named(file: string, shown: string): { file?: string } {
    return file === this.root ? {} : { file: shown };
  }

  readonly #resolutions = new Map<string, Resolution>();

  /**
   * Reads every file the description refers to, breadth first, so that joining them needs no more waiting. A
   * reference is resolved once per folder; what is refused here is reported by the join, where it is followed.
   */
  async discover(root: DescriptionFile, data: unknown): Promise<void> {
    const queue: { file: DescriptionFile; data: unknown }[] = [{ file: root, data }];
    const walked = new Set([root.path]);
    while (queue.length > 0) {
      const { file, data: content } = queue.shift() as (typeof queue)[number];
      for (const ref of fileReferences(content)) {
        const key = resolutionKey(file.path, ref);
        if (this.#resolutions.has(key)) continue;
        const resolution = await this.#resolve(file.path, ref);
        this.#resolutions.set(key, resolution);
        if (resolution.kind === 'read' && resolution.result.ok && !walked.has(resolution.result.file.path)) {
          walked.add(resolution.result.file.path);
          queue.push({ file: resolution.result.file, data: resolution.result.data });
        }
      }
    }
  }

  /** How `filePart` (the `$ref` before `#`) written in `from` was resolved by `discover`. */
  resolution(from: string, filePart: string): Resolution {
    return this.#resolutions.get(resolutionKey(from, filePart)) ?? { kind: 'missing' };
  }

  async #resolve(from: string, filePart: string): Promise<Resolution> {
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart) || filePart.startsWith('//')) return { kind: 'url' };
    let relative: string;
    try {
      relative = decodeURIComponent(filePart);
    } catch {
      return { kind: 'malformed' };
    }
    if (path.isAbsolute(relative) || relative.startsWith('\\')) return { kind: 'absolute' };
    const target = path.resolve(path.dirname(from), relative);
    const where = await this.inside(target);
    if (where !== 'inside') return { kind: where };
    if (this.files.length >= maxFiles && !this.#byPath.has(target)) return { kind: 'too-many' };
    return { kind: 'read', result: await this.read(target) };
  }

  read(file: string, shown = shownPath(file), bytes?: Buffer): Promise<ReadResult> {
    let pending = this.#byPath.get(file);
    if (!pending) {
      pending = this.#read(file, shown, bytes);
      this.#byPath.set(file, pending);
    }
    return pending;
  }

  /** Whether `file` (resolved, symlinks followed) is inside the root folder. */
  async inside(file: string): Promise<'inside' | 'outside' | 'link-outside' | 'missing'> {
    if (!isWithin(this.folder, file)) return 'outside';
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      return 'missing';
    }
    return isWithin(await this.#realFolder, real) ? 'inside' : 'link-outside';
  }

  async #read(file: string, shown: string, given?: Buffer): Promise<ReadResult> {
    const named = this.named(file, shown);
    const refused = (message: string, hint?: string): ReadResult => ({
      ok: false,
      problems: [{ severity: 'error', pointer: '', ...named, message, ...(hint ? { hint } : {}) }],
    });
    let bytes: Buffer;
    if (given) bytes = given;
    else {
      // Measured before it is read (fstat), against what the files read so far leave of the limit.
      let read: BoundedRead;
      try {
        read = await readBounded(file, this.limits.maxBytes - this.#bytes);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const reason = code === 'ENOENT' ? 'it does not exist' : code === 'EISDIR' ? 'it is a folder' : String(error);
        return refused(`The file could not be read: ${reason}.`);
      }
      if (!read.ok && read.reason === 'not-a-file') return refused('The file could not be read: it is not a file.');
      if (!read.ok) {
        if (read.size > this.limits.maxBytes)
          return { ok: false, problems: [{ ...tooLarge(read.size, this.limits), ...named }] };
        return refused(
          `The description's files together are over the limit of ${formatBytes(this.limits.maxBytes)}: with this one (${formatBytes(read.size)}) they come to ${formatBytes(this.#bytes + read.size)}.`,
          `Raise the limit if this size is expected (${maxSizeVariable}).`,
        );
      }
      bytes = read.bytes;
    }
    this.#bytes += bytes.length;
    const text = bytes.toString('utf8');
    const parsed = parseSource(text, this.limits);
    if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => ({ ...p, ...named })) };
    const described: DescriptionFile = { path: file, shown, digest: sha256(bytes), locate: parsed.source.locate };
    this.files.push(described);
    return { ok: true, file: described, data: parsed.source.data, text };
  }
}

function resolutionKey(from: string, filePart: string): string {
  return `${path.dirname(from)}\u0000${filePart}`;
}

/**
 * The file part of every `$ref` to another file in `data`, extensions left out. Which keys are names and which are
 * literal data depends on where a file's content lands, so this reads a few more than the join will follow.
 */
function fileReferences(data: unknown): Set<string> {
  const found = new Set<string>();
  const stack = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (isRecord(value)) {
      for (const key of Object.keys(value)) {
        const child = value[key];
        if (key === '$ref' && typeof child === 'string') {
          const filePart = child.split('#')[0] ?? '';
          if (filePart !== '') found.add(filePart);
        } else if (!key.startsWith('x-')) stack.push(child);
      }
    }
  }
  return found;
}

function shownPath(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

function isWithin(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative);
}

/** Where a value is being copied from (file and place) and to (place in the joined document). */
interface Place {
  file: DescriptionFile;
  /** The file's data, for references inside it. */
  data: unknown;
  pointer: string;
  target: string;
  /** The last two keys of `target`, which tell whether a `$ref` here names a schema. */
  key: string;
  parentKey: string;
  /** Whether this object's keys are names (a `properties` map), not fields. */
  namesHere: boolean;
  /** How many maps and lists deep `target` is in the joined document. */
  depth: number;
}

/** A file's content still to be copied into the joined document. */
interface Job {
  value: unknown;
  at: Place;
  put(value: unknown): void;
}

class Joiner {
  readonly problems: SpecProblem[] = [];
  /** Joined-document place → where it was written. */
  readonly #origins = new Map<string, Origin>();
  /** "file#pointer" → the place in the joined document that content was written at. */
  readonly #homes = new Map<string, string>();
  readonly #jobs: Job[] = [];
  readonly #hoisted: { section: readonly string[]; name: string; value: unknown }[] = [];
  /** Names taken in each components section ("components/schemas" → names). */
  readonly #names = new Map<string, Set<string>>();
  readonly #swagger: boolean;
  readonly #reported = new WeakSet<object>();
  /** Set once the joined document is found too deep: one problem is said, and joining stops. */
  #tooDeep = false;

  readonly reader: FileReader;
  readonly root: DescriptionFile;
  readonly rootData: unknown;

  constructor(reader: FileReader, root: DescriptionFile, rootData: unknown) {
    this.reader = reader;
    this.root = root;
    this.rootData = rootData;
    this.#swagger = isRecord(rootData) && rootData.swagger !== undefined;
    this.#origins.set('', { file: root, pointer: '' });
    this.#homes.set(`${root.path}#`, '');
  }

  readonly origin = (pointer: string): Origin => {
    const segments = fromPointer(pointer);
    for (let n = segments.length; n >= 0; n--) {
      const prefix = segments
        .slice(0, n)
        .map((s) => `/${escapeSegment(s)}`)
        .join('');
      const home = this.#origins.get(prefix);
      if (home) {
        const rest = pointer.slice(prefix.length);
        return { file: home.file, pointer: `${home.pointer}${rest}` };
      }
    }
    return { file: this.root, pointer };
  };

  join(): unknown {
    const out: Record<string, unknown> = {};
    const data = this.rootData;
    if (!isRecord(data)) return data;
    // Components first, so shared content is written there rather than at its first use in a path.
    const first = ['components', 'definitions', 'parameters', 'responses'];
    for (const key of Object.keys(data)) out[key] = undefined;
    const keys = [
      ...first.filter((k) => Object.hasOwn(data, k)),
      ...Object.keys(data).filter((k) => !first.includes(k)),
    ];
    const place = (key: string): Place => ({
      file: this.root,
      data,
      pointer: `/${escapeSegment(key)}`,
      target: `/${escapeSegment(key)}`,
      key,
      parentKey: '',
      namesHere: nameMaps.has(key),
      depth: 1,
    });
    for (const key of keys) {
      this.#jobs.push({ value: data[key], at: place(key), put: (v) => (out[key] = v) });
    }
    while (this.#jobs.length > 0 && !this.#tooDeep) {
      const job = this.#jobs.shift() as Job;
      job.put(this.#copy(job.value, job.at));
    }
    for (const { section, name, value } of this.#hoisted) {
      let holder: Record<string, unknown> = out;
      for (const key of section) {
        if (!isRecord(holder[key])) holder[key] = {};
        holder = holder[key] as Record<string, unknown>;
      }
      holder[name] = value;
    }
    return out;
  }

  /** A copy of `value` with every `$ref` to another file settled; literal data is shared, not copied. */
  #copy(value: unknown, at: Place): unknown {
    // Each file is within the nesting limit on its own; joined, one file's nesting continues another's.
    if (this.#tooDeep || (isCollection(value) && at.depth >= this.reader.limits.maxDepth)) {
      this.#refuseDepth(at);
      return value;
    }
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (let i = 0; i < value.length; i++) {
        out.push(this.#copy(value[i], this.#child(at, String(i), false)));
      }
      return out;
    }
    if (!isRecord(value)) return value;
    if (!at.namesHere && typeof value.$ref === 'string') {
      const settled = this.#reference(value, at);
      if (settled !== undefined) return settled;
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = value[key];
      const literal = !at.namesHere && (literalKeys.has(key) || key.startsWith('x-'));
      const place = this.#child(at, key, !at.namesHere && nameMaps.has(key));
      if (!literal) out[key] = this.#copy(child, place);
      else {
        // Literal data is shared, not copied; it still counts towards the joined document's depth.
        const deep = deepestPath(child, this.reader.limits.maxDepth - place.depth);
        if (deep) this.#refuseDepth({ ...place, pointer: `${place.pointer}${deep}` });
        out[key] = child;
      }
    }
    return out;
  }

  #refuseDepth(at: Place): void {
    if (this.#tooDeep) return;
    this.#tooDeep = true;
    this.problems.push({
      severity: 'error',
      pointer: at.pointer,
      ...this.reader.named(at.file.path, at.file.shown),
      ...withPosition(at.file.locate(at.pointer)),
      message: `Joined with the files it refers to, the description nests maps and lists more than ${this.reader.limits.maxDepth} levels deep here: each file is within the limit, but their \`$ref\`s carry one file's nesting on into another's.`,
      hint: 'No real API description needs this depth; check the files were generated correctly.',
    });
  }

  #child(at: Place, key: string, namesHere: boolean): Place {
    const segment = `/${escapeSegment(key)}`;
    return {
      ...at,
      pointer: `${at.pointer}${segment}`,
      target: `${at.target}${segment}`,
      key,
      parentKey: at.key,
      namesHere,
      depth: at.depth + 1,
    };
  }

  /**
   * A `$ref` object, settled: a reference into the joined document, or (`undefined`) the same object when it is
   * a reference within the root file, which stays as written.
   */
  #reference(value: Record<string, unknown>, at: Place): unknown {
    const ref = value.$ref as string;
    const { $ref: _ref, ...siblings } = value;
    const refused = (message: string, hint: string) => {
      this.problems.push({
        severity: 'error',
        pointer: `${at.pointer}/$ref`,
        ...this.reader.named(at.file.path, at.file.shown),
        ...withPosition(at.file.locate(`${at.pointer}/$ref`)),
        message,
        hint,
      });
      return value;
    };
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    let fragment: string;
    try {
      fragment = hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1));
    } catch {
      return refused(`The reference "${ref}" is not a valid reference.`, 'Escape `%` in references as `%25`.');
    }
    if (fragment !== '' && !fragment.startsWith('/')) {
      return refused(
        `The reference "${ref}" names a place that is not a JSON pointer.`,
        'After `#`, write a path such as `/components/schemas/Pet`.',
      );
    }
    if (filePart === '' && at.file === this.root) return undefined;

    let file = at.file;
    let data = at.data;
    if (filePart !== '') {
      const folder = path.dirname(this.root.shown) || '.';
      const resolution = this.reader.resolution(at.file.path, filePart);
      switch (resolution.kind) {
        case 'url':
          return refused(
            `The reference "${ref}" is a URL; the portal never fetches anything while it builds.`,
            "Save the file in the description's folder and refer to it by a relative path.",
          );
        case 'malformed':
          return refused(`The reference "${ref}" is not a valid file path.`, 'Escape `%` in references as `%25`.');
        case 'absolute':
          return refused(
            `The reference "${ref}" is an absolute path; a description's files must stay in its folder.`,
            `Refer to files by a path relative to the file that refers to them, inside ${folder}.`,
          );
        case 'outside':
        case 'link-outside':
          return refused(
            resolution.kind === 'outside'
              ? `The reference "${ref}" leads outside the description's folder; it is not read.`
              : `The reference "${ref}" is a symbolic link to a file outside the description's folder; it is not read.`,
            `Every file of a description must be inside the root file's folder (${folder}).`,
          );
        case 'missing':
          return refused(
            `The reference "${ref}" names a file that does not exist.`,
            'Check the path and its spelling.',
          );
        case 'too-many':
          return refused(`The description has more than ${maxFiles.toLocaleString('en')} files.`, 'Join some of them.');
      }
      if (!resolution.result.ok) {
        if (!this.#reported.has(resolution.result)) this.problems.push(...resolution.result.problems);
        this.#reported.add(resolution.result);
        return value;
      }
      file = resolution.result.file;
      data = resolution.result.data;
    }
    const end = this.#follow(file, data, fragment);
    if (!end) {
      return refused(
        `The reference "${ref}" points at nothing in ${file.shown}.`,
        'Check the part after `#`: it is a path into that file, such as `/components/schemas/Pet`.',
      );
    }
    ({ file, data, pointer: fragment } = end);
    const key = `${file.path}#${fragment}`;
    const found = { value: end.value };
    const home = this.#homeOf(file, fragment);
    if (home !== undefined) return { $ref: `#${home}`, ...siblings };

    const section = this.#isComponentSlot(at.target) ? undefined : this.#sectionFor(at);
    if (section) {
      const name = this.#uniqueName(section, file, fragment);
      const target = `/${[...section, name].map(escapeSegment).join('/')}`;
      this.#settle(key, target, file, fragment);
      const hoisted = { section, name, value: undefined as unknown };
      this.#hoisted.push(hoisted);
      this.#jobs.push({
        value: found.value,
        at: this.#placeAt(file, data, fragment, target, name, section.at(-1) ?? ''),
        put: (v) => (hoisted.value = v),
      });
      return { $ref: `#${target}`, ...siblings };
    }
    // Written here: the content, with what is written beside the `$ref` over it (3.1's summary and description).
    this.#settle(key, at.target, file, fragment);
    const copied = this.#copy(found.value, this.#placeAt(file, data, fragment, at.target, at.key, at.parentKey));
    return isRecord(copied) ? { ...copied, ...siblings } : copied;
  }

  /**
   * The place `pointer` names in `file`, where a pointer may pass through a `$ref` on its way
   * (`openapi.yaml#/components/schemas/Order/properties/id`, where `Order` is a `$ref` to `schemas/Order.yaml`).
   */
  #follow(
    file: DescriptionFile,
    data: unknown,
    pointer: string,
  ): { file: DescriptionFile; data: unknown; pointer: string; value: unknown } | undefined {
    let here = { file, data, segments: fromPointer(pointer) };
    for (let hops = 0; hops < 32; hops++) {
      let current = here.data;
      let i = 0;
      for (; i < here.segments.length; i++) {
        const segment = here.segments[i] as string;
        if (isRecord(current) && typeof current.$ref === 'string' && !Object.hasOwn(current, segment)) break;
        const next = getAtPointer(current, `/${escapeSegment(segment)}`);
        if (!next.found) return undefined;
        current = next.value;
      }
      if (i === here.segments.length) {
        const joined = here.segments.map((s) => `/${escapeSegment(s)}`).join('');
        return { file: here.file, data: here.data, pointer: joined, value: current };
      }
      // Through the reference: its target, then the rest of the pointer.
      const ref = (current as { $ref: string }).$ref;
      const hash = ref.indexOf('#');
      const filePart = hash === -1 ? ref : ref.slice(0, hash);
      let inner: string[];
      try {
        inner = fromPointer(hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1)));
      } catch {
        return undefined;
      }
      let target = { file: here.file, data: here.data };
      if (filePart !== '') {
        const resolution = this.reader.resolution(here.file.path, filePart);
        if (resolution.kind !== 'read' || !resolution.result.ok) return undefined;
        target = { file: resolution.result.file, data: resolution.result.data };
      }
      here = { ...target, segments: [...inner, ...here.segments.slice(i)] };
    }
    return undefined;
  }

  #placeAt(
    file: DescriptionFile,
    data: unknown,
    pointer: string,
    target: string,
    key: string,
    parentKey: string,
  ): Place {
    return { file, data, pointer, target, key, parentKey, namesHere: false, depth: fromPointer(target).length };
  }

  #settle(key: string, target: string, file: DescriptionFile, pointer: string): void {
    this.#homes.set(key, target);
    this.#origins.set(target, { file, pointer });
  }

  /** Where this file's content at `pointer` was written already: itself, or a part of an enclosing piece. */
  #homeOf(file: DescriptionFile, pointer: string): string | undefined {
    const segments = fromPointer(pointer);
    for (let n = segments.length; n >= 0; n--) {
      const prefix = segments
        .slice(0, n)
        .map((s) => `/${escapeSegment(s)}`)
        .join('');
      const home = this.#homes.get(`${file.path}#${prefix}`);
      if (home !== undefined) return `${home}${pointer.slice(prefix.length)}`;
    }
    return undefined;
  }

  /** A named component or a path item: content referred to from here is written here. */
  #isComponentSlot(target: string): boolean {
    const s = fromPointer(target);
    return (
      (s.length === 3 && s[0] === 'components') ||
      (s.length === 2 && ['definitions', 'parameters', 'responses', 'securityDefinitions'].includes(s[0] ?? ''))
    );
  }

  /**
   * The components section content referred to from here is named in, as `redocly bundle` does: schemas,
   * responses, parameters, request bodies, headers, examples, links and callbacks; undefined (written where it is
   * used) for the rest, such as path items.
   */
  #sectionFor(at: Place): readonly string[] | undefined {
    const kind =
      schemaSlots.has(at.key) || schemaLists.has(at.parentKey)
        ? 'schemas'
        : at.parentKey === 'parameters' && /^\d+$/.test(at.key)
          ? 'parameters'
          : at.key === 'requestBody'
            ? 'requestBodies'
            : ['responses', 'headers', 'examples', 'links', 'callbacks'].includes(at.parentKey)
              ? at.parentKey
              : undefined;
    if (!kind) return undefined;
    if (!this.#swagger) return ['components', kind];
    const swagger: Record<string, string> = {
      schemas: 'definitions',
      parameters: 'parameters',
      responses: 'responses',
    };
    const section = swagger[kind];
    return section ? [section] : undefined;
  }

  /** A name from the file (`schemas/Pet.yaml` → Pet) or the pointer's last segment, unique in its section. */
  #uniqueName(section: readonly string[], file: DescriptionFile, pointer: string): string {
    const id = section.join('/');
    let names = this.#names.get(id);
    if (!names) {
      const existing = getAtPointer(this.rootData, `/${section.map(escapeSegment).join('/')}`);
      names = new Set(existing.found && isRecord(existing.value) ? Object.keys(existing.value) : []);
      this.#names.set(id, names);
    }
    const last = fromPointer(pointer).at(-1);
    const base =
      (last ?? path.basename(file.path).replace(/\.(ya?ml|json)$/i, '')).replace(/[^A-Za-z0-9._-]/g, '_') || 'Item';
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}_${n}`;
    names.add(name);
    return name;
  }
}

function isCollection(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/**
 * Where `value` holds a map or list `levels` deep or deeper (as a pointer from it), if it does; walked without
 * recursion, and no further than that.
 */
function deepestPath(value: unknown, levels: number): string | undefined {
  const stack: { value: unknown; depth: number; pointer: string }[] = [{ value, depth: 0, pointer: '' }];
  while (stack.length > 0) {
    const here = stack.pop() as (typeof stack)[number];
    if (!isCollection(here.value)) continue;
    if (here.depth >= levels) return here.pointer;
    for (const [key, child] of Object.entries(here.value as object)) {
      if (isCollection(child))
        stack.push({ value: child, depth: here.depth + 1, pointer: `${here.pointer}/${escapeSegment(key)}` });
    }
  }
  return undefined;
}

function withPosition(position: SourcePosition | undefined): { position?: SourcePosition } {
  return position ? { position } : {};
}
