/**
 * Operations a team keeps to itself (`x-internal`, Redocly's; `x-hidden`, Mintlify's and ReadMe's) are left out of
 * everything published: the model every page, twin, search entry, llms.txt line and MCP answer is made from, the
 * downloads (`model.source`), and the changelog and gate. Before, they were published like any other.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { apiChanges } from '../../src/changes/api-changes.ts';
import { createDocs } from '../../src/mcp/docs.ts';
import { checkSpecText, hiddenCount, loadApiModel } from '../../src/openapi/index.ts';
import { llmsText } from '../../src/reference/site-lists/llms-text.ts';
import { descriptionBytes, descriptionFiles } from '../../src/site/description-files.ts';

const ok = { '200': { description: 'OK' } };
const withBody = (model: string) => ({
  '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${model}` } } } },
});

function description(extra: { internalPath?: boolean } = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'Tools', version: '1.0.0' },
    tags: [{ name: 'Tools' }, { name: 'Admin', 'x-internal': true }],
    paths: {
      '/tools': {
        get: { operationId: 'listTools', tags: ['Tools'], responses: withBody('Tool') },
        post: { operationId: 'purgeTools', tags: ['Tools'], 'x-internal': true, responses: withBody('PurgeReport') },
      },
      '/tools/reindex': {
        'x-hidden': true,
        post: { operationId: 'reindexTools', tags: ['Tools'], responses: ok },
      },
      '/admin/users': { get: { operationId: 'listAdmins', tags: ['Admin'], responses: withBody('Admin') } },
      '/tools/{id}/audit': {
        get: {
          operationId: 'auditTool',
          tags: ['Admin', 'Tools'],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok,
        },
      },
      ...(extra.internalPath
        ? { '/secret': { post: { operationId: 'secretThing', 'x-internal': true, responses: ok } } }
        : {}),
    },
    components: {
      schemas: {
        Tool: { type: 'object', properties: { name: { type: 'string' } } },
        PurgeReport: { type: 'object', properties: { removed: { $ref: '#/components/schemas/PurgeCount' } } },
        PurgeCount: { type: 'integer' },
        Admin: { type: 'object', properties: { email: { type: 'string' } } },
        Standalone: { type: 'object', description: 'Listed for its own sake: nothing refers to it.' },
      },
    },
  };
}

async function modelOf(document: object) {
  const checked = await checkSpecText(dump(document));
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.model;
}

describe('x-internal and x-hidden', () => {
  it('leave out the operation, its path, an internal tag and what only they use, from the model and the downloads', async () => {
    const model = await modelOf(description());
    expect(model.operations.map((o) => o.operationId)).toEqual(['listTools', 'auditTool']);
    // An operation that also has a shown tag stays, under that tag only.
    expect(model.operations.find((o) => o.operationId === 'auditTool')?.tags).toEqual(['Tools']);
    expect(model.tags.map((t) => t.name)).toEqual(['Tools']);
    expect(model.schemas.map((s) => s.name).sort()).toEqual(['Standalone', 'Tool']);

    const published = JSON.stringify(model.source);
    for (const word of ['purgeTools', 'reindex', '/admin/users', 'PurgeReport', 'PurgeCount', '"Admin"'])
      expect(published).not.toContain(word);
    expect(hiddenCount(model)).toBe(
      ', leaving out 3 internal operations, 1 internal tag and 3 components only they use',
    );
  });

  it('are in neither download of a description written as one YAML file, which is otherwise served as written', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pst-hidden-'));
    try {
      const file = path.join(dir, 'openapi.yaml');
      await writeFile(file, dump(description()));
      const model = await loadApiModel(file);
      const files = await descriptionFiles(model);
      expect(files.map((f) => f.name)).toEqual(['openapi.yaml', 'openapi.json']);
      for (const download of files) {
        const text = (await descriptionBytes(model, download)).toString('utf8');
        expect(text.length, download.name).toBe(download.bytes);
        expect(text, download.name).toContain('listTools');
        expect(text, download.name).not.toMatch(/purgeTools|reindex|listAdmins|PurgeReport|x-internal|x-hidden/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are in no llms.txt line and no MCP answer', async () => {
    const model = await modelOf(description());
    const absolute = (path: string) => `https://docs.example.org${path}`;
    const text = llmsText(model, { absolute, guides: [], optional: [] });
    expect(text).toContain('List tools');
    expect(text).not.toMatch(/purge|reindex|admins/i);
    const docs = createDocs(model, { downloads: [] }, absolute);
    expect(JSON.stringify(docs.listOperations())).not.toMatch(/purgeTools|reindexTools|listAdmins/);
  });

  it('are no change to readers: adding or removing an internal operation is neither in the changelog nor breaking', () => {
    expect(apiChanges(description(), description({ internalPath: true }))).toEqual([]);
    expect(apiChanges(description({ internalPath: true }), description())).toEqual([]);
  });

  it('leaves a description that hides nothing as it is', async () => {
    const plain = description();
    plain.tags = [{ name: 'Tools' }, { name: 'Admin' }];
    for (const item of Object.values(plain.paths) as Record<string, Record<string, unknown>>[]) {
      delete item['x-hidden'];
      for (const operation of Object.values(item)) if (typeof operation === 'object') delete operation['x-internal'];
    }
    const model = await modelOf(plain);
    expect(model.operations).toHaveLength(5);
    expect(model.hidden).toBeUndefined();
    expect(hiddenCount(model)).toBe('');
  });
});
