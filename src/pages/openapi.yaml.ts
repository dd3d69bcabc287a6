/**
 * The API description as YAML, for download. A description written in YAML is served exactly as written (its
 * comments and layout kept); one written in JSON is converted, so this link never hands out JSON under a YAML
 * name (GitHub's 13 MB of indented JSON became 10 MB of YAML).
 */
import { readFile } from 'node:fs/promises';
import type { APIRoute } from 'astro';
import { dump } from 'js-yaml';
import { getApiModel } from '../data/api-model.ts';
import { looksLikeJson, resolveSpecPath } from '../openapi/index.ts';

export const GET: APIRoute = async () => {
  const headers = { 'Content-Type': 'application/yaml; charset=utf-8' };
  // Bytes, not text: as a string a 58 MB description with any non-ASCII character is 116 MB, and it was the
  // 10,000-operation build's peak. Its start is enough to tell JSON from YAML.
  const bytes = await readFile(resolveSpecPath(process.cwd()));
  if (!looksLikeJson(bytes.toString('utf8', 0, 4096))) return new Response(bytes, { headers });
  // lineWidth -1: long descriptions stay on one line, as written; noRefs: no YAML anchors for repeated values.
  return new Response(dump((await getApiModel()).source, { lineWidth: -1, noRefs: true }), { headers });
};
