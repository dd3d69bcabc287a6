/**
 * What the guides write in prose about the API, checked against the spec and the sandbox, so a
 * guide cannot drift from either: the error codes they name (and the statuses they name them
 * with), the error bodies they show, the sandbox's address and the back-off clients' cap.
 * Figures the guides draw from the spec at build time (plans, ban, headers) need no check here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, sandboxKeyIssuer, sandboxServer } from '../../src/openapi/index.ts';
import { keys, petStoreModel, startSandbox } from './sandbox/support.ts';

const guidesDir = path.resolve(import.meta.dirname, '../../src/content/docs/guides');
const guideNames = ['getting-started', 'authentication', 'rate-limits', 'errors'] as const;
const guides = new Map(guideNames.map((name) => [name, readFileSync(path.join(guidesDir, `${name}.mdx`), 'utf8')]));

/** How to make the sandbox answer with each error a guide shows as an example body. */
const reproductions: Record<string, { method: string; path: string; key: string | null }> = {
  not_found: { method: 'GET', path: '/pets/999', key: keys.enterprise },
  missing_api_key: { method: 'GET', path: '/pets', key: null },
};

let model: ApiModel;
let statusOf: Map<string, number>;

beforeAll(async () => {
  model = await petStoreModel();
  statusOf = new Map(model.errorCodes.map((e) => [e.code, e.status]));
});

/** Paragraphs and list items of a guide's prose (front matter, imports and code fences left out). */
function proseChunks(text: string): string[] {
  const body = text
    .replace(/^---[\s\S]*?\n---\n/, '')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/^import .*$/gm, '');
  return body.split(/\n\s*\n|\n(?=- |\d+\. )/).filter((chunk) => chunk.trim() !== '');
}

/** The JSON code blocks of a guide that are error bodies. */
function errorBodies(text: string): { code: string; message: string; status: number }[] {
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1] ?? '') as unknown)
    .filter((value): value is { code: string; message: string; status: number } => {
      return typeof value === 'object' && value !== null && 'code' in value && 'status' in value;
    });
}

describe('what the guides say', () => {
  it('names only error codes the catalog has, each with the status the catalog gives it', () => {
    const wrong: string[] = [];
    let named = 0;
    for (const [name, text] of guides) {
      for (const chunk of proseChunks(text)) {
        const statuses = [...chunk.matchAll(/\b([1-5]\d\d)\b/g)].map((m) => Number(m[1]));
        for (const [, code] of chunk.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)) {
          if (code === undefined) continue;
          named++;
          const status = statusOf.get(code);
          if (status === undefined) wrong.push(`${name}: \`${code}\` is not in the error catalog`);
          else if (statuses.length > 0 && !statuses.includes(status)) {
            wrong.push(`${name}: \`${code}\` is named beside ${statuses.join('/')}, but the catalog gives ${status}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(named).toBeGreaterThanOrEqual(5);
  });

  it('shows error bodies exactly as the sandbox answers them', async () => {
    const shown = [...guides.values()].flatMap(errorBodies);
    expect(shown.map((b) => b.code).sort()).toEqual(Object.keys(reproductions).sort());
    for (const body of shown) {
      const how = reproductions[body.code];
      if (!how) continue;
      const sandbox = await startSandbox();
      const reply = await sandbox.call({ method: how.method, path: how.path, key: how.key });
      expect(reply.body, `${how.method} ${how.path}`).toEqual(body);
      expect(reply.status).toBe(body.status);
    }
  });

  it("writes no sandbox address by hand: the samples default to the spec's, and ask its key issuer for a key", () => {
    // The address shown is the build's (SandboxAddress, SandboxSample): the hosted sandbox's when published.
    expect(guides.get('getting-started')).not.toMatch(/https?:\/\/(localhost|127\.0\.0\.1)/);
    const sandbox = sandboxServer(model)?.url.replace(/\/$/, '');
    const samples = path.resolve(guidesDir, '../../../guides/samples');
    for (const file of ['get-key.sh', 'first-call.sh', 'first-call.mjs', 'first_call.py']) {
      const defaults = [...readFileSync(path.join(samples, file), 'utf8').matchAll(/(https?:\/\/[\w.]+:\d+)/g)];
      expect(new Set(defaults.map((m) => m[1])), file).toEqual(new Set([sandbox]));
    }
    const issuer = sandboxKeyIssuer(model);
    expect(issuer?.method).toBe('post');
    expect(readFileSync(path.join(samples, 'get-key.sh'), 'utf8')).toContain(`}${issuer?.path}"`);
  });

  it("quotes the back-off clients' own cap", () => {
    const cap = Number(/capped \(here at (\d+) s\)/.exec(guides.get('rate-limits') ?? '')?.[1]);
    const samples = path.resolve(guidesDir, '../../../guides/samples');
    const ts = readFileSync(path.join(samples, 'backoff-client.ts'), 'utf8');
    const py = readFileSync(path.join(samples, 'backoff_client.py'), 'utf8');
    expect(Number(/maxDelayMs = ([\d_]+)/.exec(ts)?.[1]?.replaceAll('_', '')) / 1000).toBe(cap);
    expect(Number(/max_delay=([\d.]+)/.exec(py)?.[1])).toBe(cap);
  });
});
