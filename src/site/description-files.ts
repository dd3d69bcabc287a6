/**
 * The description as downloads, YAML and JSON, each one file a static host accepts (a multi-file description
 * joined, a Swagger 2.0 one converted). A format whose file would be over `plainDownloadBytes` is published only
 * gzip-compressed, as `openapi.yaml.gz` (descriptions compress well): a copy beside a file the host refuses would
 * still fail the deploy. The pages say which (`IntroductionView.astro`), so every link leads to a file that was
 * built.
 */
import { open, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { dump } from 'js-yaml';
import { type ApiModel, looksLikeJson, resolveSpecPath } from '../openapi/index.ts';
import { largestFileBytes } from './static-host-limits.ts';

export type DescriptionFormat = 'YAML' | 'JSON';

export interface DescriptionFile {
  format: DescriptionFormat;
  /** The file's name at the site's root: `openapi.yaml`, or `openapi.yaml.gz` past the limit. */
  name: string;
  gzip: boolean;
  /** The description's bytes in this format, uncompressed. */
  bytes: number;
  /** The Content-Type a host serves it with. */
  type: string;
}

const plain = {
  YAML: { name: 'openapi.yaml', type: 'application/yaml' },
  JSON: { name: 'openapi.json', type: 'application/json' },
} as const;

/**
 * The largest download published uncompressed: a fifth under `largestFileBytes` (25 MiB, Cloudflare Pages' limit),
 * so that a file near the limit is not one release of growth, or a host that counts 25 MB rather than MiB, from a
 * failed deploy. Microsoft Graph's YAML is just under the limit itself; its compact JSON is under this.
 */
export const plainDownloadBytes = Math.floor(largestFileBytes * 0.8);

/** A download's name and type, given its uncompressed size: the plain file up to `plainDownloadBytes`, else its gzip copy. */
export function descriptionFile(format: DescriptionFormat, bytes: number): DescriptionFile {
  const { name, type } = plain[format];
  return bytes > plainDownloadBytes
    ? { format, name: `${name}.gz`, gzip: true, bytes, type: 'application/gzip' }
    : { format, name, gzip: false, bytes, type: `${type}; charset=utf-8` };
}

/** The file a model was read from (an earlier major's release file, too); the build's description by default. */
const writtenFile = (model: ApiModel) => model.files?.[0] ?? resolveSpecPath(process.cwd());

// Each model's files are sized once (sizing writes the description out in both formats). On globalThis because the
// pages' bundle and the build's integrations (the Markdown twins) load this module separately, as they share the model.
const sizedKey = Symbol.for('petstore-portal.description-files');
const madeKey = Symbol.for('petstore-portal.description-bytes');
type WithSized = {
  [sizedKey]?: WeakMap<ApiModel, Promise<DescriptionFile[]>>;
  [madeKey]?: WeakMap<ApiModel, Map<DescriptionFormat, Buffer<ArrayBuffer>>>;
};

/**
 * The gzip copies sizing wrote out, kept for the one request that serves each: writing Microsoft Graph's description
 * as YAML takes seconds, and was done once to size it and again to serve it. Only the compressed ones (a few MB at
 * most): a plain file, held from sizing to serving, would be part of the build's peak memory. Taken when served;
 * `npm run dev`, serving it again, writes it out again. On globalThis too.
 */
const madeBytes: NonNullable<WithSized[typeof madeKey]> = (globalThis as WithSized)[madeKey] ?? new WeakMap();
(globalThis as WithSized)[madeKey] = madeBytes;

/** The description's two downloads, YAML first. */
export function descriptionFiles(model: ApiModel): Promise<DescriptionFile[]> {
  const holder = globalThis as WithSized;
  holder[sizedKey] ??= new WeakMap();
  let files = holder[sizedKey].get(model);
  if (!files) {
    files = sizeFiles(model);
    holder[sizedKey].set(model, files);
  }
  return files;
}

async function sizeFiles(model: ApiModel): Promise<DescriptionFile[]> {
  const made = new Map<DescriptionFormat, Buffer<ArrayBuffer>>();
  const sized = (format: DescriptionFormat, whole: Buffer<ArrayBuffer>) => {
    const file = descriptionFile(format, whole.length);
    if (file.gzip) made.set(format, gzipSync(whole));
    return file;
  };
  // A description written in YAML is served as written: its size is the file's, without reading it all.
  const yaml = (await servedAsWritten(model))
    ? descriptionFile('YAML', await specFileBytes(model))
    : sized('YAML', Buffer.from(yamlText(model)));
  const files = [yaml, sized('JSON', Buffer.from(jsonText(model)))];
  madeBytes.set(model, made);
  return files;
}

/** The bytes of one download, compressed when its file is the gzip copy. */
export async function descriptionBytes(model: ApiModel, file: DescriptionFile): Promise<Buffer<ArrayBuffer>> {
  const kept = madeBytes.get(model);
  const made = kept?.get(file.format);
  if (made) {
    kept?.delete(file.format);
    return made;
  }
  const whole =
    file.format === 'JSON'
      ? Buffer.from(jsonText(model))
      : (await servedAsWritten(model))
        ? // Bytes, not text: as a string a 58 MB description with any non-ASCII character is 116 MB.
          await readFile(writtenFile(model))
        : Buffer.from(yamlText(model));
  return file.gzip ? gzipSync(whole) : whole;
}

/** Compact JSON: the console reads it, and the YAML is for reading. */
function jsonText(model: ApiModel): string {
  return `${JSON.stringify(model.source)}\n`;
}

/** lineWidth -1: long descriptions stay on one line, as written; noRefs: no YAML anchors for repeated values. */
function yamlText(model: ApiModel): string {
  return dump(model.source, { lineWidth: -1, noRefs: true });
}

/**
 * Whether the YAML download is the description file itself: one OpenAPI 3 file written in YAML (its start tells
 * JSON from YAML) that hides nothing. A multi-file description is served joined into one file, a Swagger 2.0 one as
 * the OpenAPI 3.0 it was converted to, and one with `x-internal` or `x-hidden` parts as published, without them:
 * the file as written would hand readers what its team keeps to itself.
 */
async function servedAsWritten(model: ApiModel): Promise<boolean> {
  if (model.convertedFrom || model.hidden || (model.files?.length ?? 1) > 1) return false;
  const handle = await open(writtenFile(model));
  try {
    const start = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return !looksLikeJson(start.toString('utf8', 0, bytesRead));
  } finally {
    await handle.close();
  }
}

async function specFileBytes(model: ApiModel): Promise<number> {
  const handle = await open(writtenFile(model));
  try {
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
