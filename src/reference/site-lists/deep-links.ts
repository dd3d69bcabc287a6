/**
 * Links saved from the tool a site moved from land on the matching page: Redoc's (`#tag/Orders`,
 * `#tag/Orders/operation/placeOrder`, `#operation/placeOrder`), Swagger UI's (`#/Orders/placeOrder`) and Scalar's
 * (`#tag/orders/POST/store/orders`, `#model/pet`), with `#schema/Pet` too. They arrive at the home page or the
 * reference's introduction, whose small script (DeepLinks.astro) reads the fragment and, only when it has one of
 * these forms, fetches this map and goes on. A description's own links in these forms point at the introduction
 * with their fragment, which does the same.
 */
import { type ApiModel, isHttpMethod, savedLinkFragment } from '../../openapi/index.ts';
import { referenceUrls } from '../routes.ts';
import { sitePath } from '../site-path.ts';

/** Short keys: the map of a 10,000-operation API is fetched whole when a saved link needs it. */
export interface DeepLinkMap {
  /** operationId (as `deepLinkKey` writes it) → page. */
  o: Record<string, string>;
  /** `METHOD /path` → page. */
  r: Record<string, string>;
  /** Tag name (`deepLinkKey`) → page. */
  t: Record<string, string>;
  /** Model name (`deepLinkKey`) → page. */
  m: Record<string, string>;
}

export const deepLinkMapPath = '/reference/deep-links.json';

/**
 * How names are compared: tools write `Domain Records` as `Domain-Records` or `domain-records`. The script in
 * DeepLinks.astro writes the same key; a browser test checks that every form lands.
 */
export function deepLinkKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function deepLinkMap(model: ApiModel): DeepLinkMap {
  const urls = referenceUrls(model);
  // Maps, not plain objects: a name such as `constructor` or `__proto__` is an entry like any other (a plain
  // object's `??=` found Object's own and left the operation out).
  const o = new Map<string, string>();
  const r = new Map<string, string>();
  const t = new Map<string, string>();
  const m = new Map<string, string>();
  const first = (table: Map<string, string>, key: string, page: string) => {
    if (!table.has(key)) table.set(key, page);
  };
  for (const operation of model.operations) {
    const page = urls.operation(operation);
    first(o, deepLinkKey(operation.operationId), page);
    if (!operation.webhook && !operation.callback && isHttpMethod(operation.method)) {
      first(r, `${operation.method.toUpperCase()} ${operation.path}`, page);
    }
  }
  for (const tag of model.tags) first(t, deepLinkKey(tag.name), urls.tag(tag));
  for (const schema of model.schemas) {
    const page = urls.schema(schema.name);
    if (page) first(m, deepLinkKey(schema.name), page);
  }
  // Object.fromEntries defines own properties, `__proto__` included, which JSON.stringify writes as keys.
  return { o: Object.fromEntries(o), r: Object.fromEntries(r), t: Object.fromEntries(t), m: Object.fromEntries(m) };
}

/** Where a description's links in these forms point: the introduction, which takes them on with their fragment. */
export const deepLinkLanding = () => sitePath('/reference/');

export { savedLinkFragment };
