/**
 * An operation page as a reader uses it: its sample pane (request sample with language tabs, response example
 * with a status switcher), its error table, the table of contents and the sidebar. Tests talk to this instead
 * of chaining selectors, so a markup change is mended here once.
 */
import type { Locator, Page } from '@playwright/test';
import type { ApiOperation } from '../../../src/openapi/index.ts';
import { urls } from '../support.ts';

export class OperationPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(operation: ApiOperation): Promise<void> {
    await this.page.goto(urls.operation(operation));
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get title(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The request sample card: language tabs (with scripts) or one headed block per language (without). */
  get requestSample(): Locator {
    return this.main.getByRole('region', { name: 'Request sample' });
  }

  /** The response example card: a status switcher (with scripts) or one headed block per status (without). */
  get responseExample(): Locator {
    return this.main.getByRole('region', { name: 'Response example' });
  }

  languageTab(label: string): Locator {
    return this.requestSample.getByRole('tab', { name: label, exact: true });
  }

  statusTab(status: string): Locator {
    return this.responseExample.getByRole('tab', { name: new RegExp(`^${status}\\b`) });
  }

  /** The code a reader sees in a card: the visible block(s). */
  shownCode(card: Locator): Locator {
    return card.locator('pre:visible');
  }

  get errorTable(): Locator {
    return this.main.getByRole('table', { name: 'Errors this operation can return' });
  }

  get tableOfContents(): Locator {
    return this.page.getByRole('navigation', { name: 'On this page' });
  }

  get sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  sectionHeading(name: string | RegExp, level: 2 | 3 = 2): Locator {
    return this.main.getByRole('heading', { level, name });
  }

  /** Where an element starts, in page coordinates (so the scroll position does not matter). */
  async top(locator: Locator): Promise<number> {
    return locator.first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  }

  async pageHeight(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollHeight);
  }
}
