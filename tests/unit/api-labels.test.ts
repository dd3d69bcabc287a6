/**
 * Twilio's family has three APIs titled "Twilio - Chat": the sidebar, the home page's cards and search's API filter
 * name each API by its title, and by its id too where titles repeat, so that no two read alike.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiModel } from '../../src/openapi/index.ts';
import { apisSidebar } from '../../src/reference/site-lists/navigation.ts';
import { apiFilterValues } from '../../src/search/api-filter.ts';
import { apiLabels } from '../../src/site/api-labels.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('what the site calls each API', () => {
  it('is its title, with its id where another API has the same title', () => {
    const apis = [
      { id: 'chat-v1', title: 'Twilio - Chat' },
      { id: 'fax', title: 'Twilio - Fax' },
      { id: 'chat-v2', title: 'Twilio - Chat' },
    ];
    expect(apiLabels(apis)).toEqual(['Twilio - Chat (chat-v1)', 'Twilio - Fax', 'Twilio - Chat (chat-v2)']);
    expect(apiFilterValues(apis)).toEqual(apiLabels(apis));
    expect(apiLabels([{ id: undefined, title: 'Pet Store API' }])).toEqual(['Pet Store API']);
  });

  it('names the sidebar entries of two APIs of one title apart', async () => {
    const model = await loadApiModel(path.join(root, 'tests/fixtures/events-3.2/openapi.yaml'));
    const twin = { ...model, info: { ...model.info } };
    const items = apisSidebar([
      { id: 'events', model, changelog: false },
      { id: 'events-v2', model: twin, changelog: false },
    ]);
    expect(items.map((item) => item.label)).toEqual([
      `${model.info.title} (events)`,
      `${model.info.title} (events-v2)`,
    ]);
  });
});
