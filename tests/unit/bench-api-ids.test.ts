/** The ids `npm run bench:apis` gives Twilio's descriptions: valid portal.json ids, unique, and a site config takes them. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalApis } from '../../src/site/portal-apis.ts';
import { loadPortalConfig } from '../../src/site/portal-config.ts';
import { apiId } from '../../src/site/site-config.ts';
import { apiIdsOf } from '../bench/api-ids.ts';

describe('apiIdsOf', () => {
  it('turns file names into portal.json ids, in order', () => {
    expect(apiIdsOf(['api.json', 'twilio_chat_v1.json', 'Twilio Flex V2.yaml'])).toEqual([
      'api',
      'twilio-chat-v1',
      'twilio-flex-v2',
    ]);
  });

  it('keeps every id unique and at most 40 characters, a long name cut without a trailing hyphen', () => {
    const long = `${'a'.repeat(39)}_b.json`;
    const ids = apiIdsOf(['chat_v1.json', 'chat-v1.json', 'CHAT.V1.json', long, long]);
    expect(ids).toEqual(['chat-v1', 'chat-v1-2', 'chat-v1-3', 'a'.repeat(39), `${'a'.repeat(38)}-2`]);
    for (const id of ids) expect(id).toMatch(apiId);
  });

  it('refuses a name with nothing to make an id of', () => {
    expect(() => apiIdsOf(['__.json'])).toThrow('__.json makes no API id');
  });

  it('makes a portal.json whose APIs the site reads under their ids', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-ids-'));
    const names = ['twilio_chat_v1.json', 'twilio_chat_v2.json'];
    for (const name of names) writeFileSync(path.join(dir, name), '{}');
    const ids = apiIdsOf(names);
    const portalJson = path.join(dir, 'portal.json');
    writeFileSync(portalJson, JSON.stringify({ apis: names.map((spec, i) => ({ id: ids[i], spec })) }));
    const apis = portalApis(portalJson, loadPortalConfig(portalJson));
    expect(apis.map((api) => api.base)).toEqual(['reference/twilio-chat-v1', 'reference/twilio-chat-v2']);
  });
});
