/**
 * The operation page as a developer's tool: the call and its answer on the first screen, every language and
 * every example readable without JavaScript, and the errors at a glance, checked against the spec.
 */
import { expect, test } from '@playwright/test';
import { codeSamples } from '../../src/openapi/samples.ts';
import { operationOutline } from '../../src/reference/pages/operation-outline.ts';
import { OperationPage } from './pages/operation-page.ts';
import { model, operation, urls } from './support.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

test.describe('at 1280×900', () => {
  test.use({ viewport: desktop });

  test('every operation shows its first request sample and response example on the first screen', async ({ page }) => {
    test.setTimeout(120_000); // one page per operation
    const reference = new OperationPage(page);
    for (const op of model.operations) {
      await reference.goto(op);
      const sample = reference.shownCode(reference.requestSample);
      await expect(sample.first(), op.operationId).toBeVisible();
      expect(await reference.top(sample), `${op.operationId}: request sample`).toBeLessThan(desktop.height);
      if (operationOutline(model, op).responseExamples.length === 0) continue;
      const example = reference.shownCode(reference.responseExample);
      expect(await reference.top(example), `${op.operationId}: response example`).toBeLessThan(desktop.height);
      // Beside the docs, not under them: the pane starts level with the operation's header.
      expect(await reference.top(reference.requestSample)).toBeLessThan(
        await reference.top(reference.sectionHeading('Request', 2)),
      );
    }
  });

  test('the sample pane stays in view while the reader scrolls through the docs', async ({ page }) => {
    const reference = new OperationPage(page);
    await reference.goto(operation('placeOrder'));
    await reference.sectionHeading('Responses').scrollIntoViewIfNeeded();
    await expect(reference.requestSample).toBeInViewport();
  });

  test('language tabs switch the sample, and the choice follows the reader to the next page', async ({ page }) => {
    const reference = new OperationPage(page);
    const placeOrder = operation('placeOrder');
    await reference.goto(placeOrder);
    const samples = codeSamples(model, placeOrder);
    await expect(reference.requestSample.getByRole('tab')).toHaveText(samples.map((s) => s.label));
    await expect(reference.languageTab('curl')).toHaveAttribute('aria-selected', 'true');
    await reference.languageTab('Python').click();
    await expect(reference.languageTab('Python')).toHaveAttribute('aria-selected', 'true');
    const python = samples.find((s) => s.id === 'python')?.code ?? '';
    await expect(reference.shownCode(reference.requestSample)).toHaveText(python);
    // Arrow keys move between tabs, as in any tab list.
    await reference.languageTab('Python').press('ArrowRight');
    await expect(reference.languageTab('Go')).toBeFocused();
    await expect(reference.languageTab('Go')).toHaveAttribute('aria-selected', 'true');
    await reference.languageTab('Go').press('ArrowLeft');

    await reference.goto(operation('listPets'));
    await expect(reference.languageTab('Python')).toHaveAttribute('aria-selected', 'true');
    await expect(reference.shownCode(reference.requestSample)).toContainText('requests.get');
  });

  test("the status switcher shows each documented status's example, success first", async ({ page }) => {
    const reference = new OperationPage(page);
    const placeOrder = operation('placeOrder');
    await reference.goto(placeOrder);
    const withExamples = placeOrder.responses.filter((r) => r.content.some((m) => m.examples.length > 0));
    await expect(reference.responseExample.getByRole('tab')).toHaveCount(withExamples.length);
    await expect(reference.responseExample.getByRole('tab').first()).toHaveText(/^2\d\d/);
    await expect(reference.shownCode(reference.responseExample)).toContainText('"shipDate"');
    await reference.statusTab('409').click();
    const conflicts = placeOrder.responses.find((r) => r.status === '409')?.content[0]?.examples ?? [];
    expect(conflicts.length).toBeGreaterThan(0);
    await expect(reference.shownCode(reference.responseExample)).toHaveCount(conflicts.length);
    for (const example of conflicts) {
      const code = (example.value as { code: string }).code;
      await expect(reference.shownCode(reference.responseExample).filter({ hasText: `"${code}"` })).toHaveCount(1);
    }
    await expect(reference.shownCode(reference.responseExample).filter({ hasText: 'shipDate' })).toHaveCount(0);
  });

  test("the error table lists each status with the catalog's codes, meanings and what to do", async ({ page }) => {
    const reference = new OperationPage(page);
    const placeOrder = operation('placeOrder');
    await reference.goto(placeOrder);
    const codes = model.errorCodes.filter((c) => !c.global && c.operations.includes(placeOrder.operationId));
    expect(codes.length).toBeGreaterThan(5);
    for (const entry of codes) {
      const row = reference.errorTable.getByRole('row').filter({ hasText: entry.code });
      await expect(row).toContainText(String(entry.status));
      await expect(row).toContainText(entry.meaning.split(/[.(`]/)[0] ?? '');
      await expect(row.getByRole('link', { name: entry.code })).toHaveAttribute(
        'href',
        `${urls.errors}#code-${entry.code}`,
      );
    }
    // The rate-limit headers every response sends are described once, not under each status.
    await expect(
      reference.main.getByRole('rowheader', { name: /^X-RateLimit-Limit/, includeHidden: true }),
    ).toHaveCount(1);
    // 429 keeps its Retry-After, linked to where it is described.
    const tooMany = reference.errorTable.getByRole('row').filter({ hasText: 'rate_limited' });
    await tooMany.getByRole('link', { name: 'Retry-After' }).click();
    await expect(reference.main.getByRole('rowheader', { name: /^Retry-After/ })).toBeInViewport();
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: phone });

  test("the sample and the example come right after the operation's header, before its parameters", async ({
    page,
  }) => {
    const reference = new OperationPage(page);
    await reference.goto(operation('listPets'));
    const sampleTop = await reference.top(reference.requestSample);
    expect(sampleTop).toBeGreaterThan(await reference.top(reference.main.getByRole('button', { name: /^Try it/ })));
    expect(await reference.top(reference.responseExample)).toBeGreaterThan(sampleTop);
    expect(await reference.top(reference.responseExample)).toBeLessThan(
      await reference.top(reference.sectionHeading('Query parameters', 3)),
    );
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('every language and every example is on the page, in order, under its own heading', async ({ page }) => {
    const reference = new OperationPage(page);
    const placeOrder = operation('placeOrder');
    await reference.goto(placeOrder);
    const outline = operationOutline(model, placeOrder);
    await expect(reference.requestSample.getByRole('heading', { level: 3 })).toHaveText(
      outline.samples.map((s) => s.label),
    );
    await expect(reference.requestSample.getByRole('tab')).toHaveCount(0);
    for (const sample of outline.samples) {
      await expect(reference.requestSample).toContainText(sample.code.split('\n')[0] ?? '');
    }
    await expect(reference.responseExample.getByRole('heading', { level: 3 })).toHaveText(
      outline.responseExamples.map((r) => r.title),
    );
    await expect(reference.shownCode(reference.responseExample)).toHaveCount(
      outline.responseExamples.flatMap((r) => r.examples).length,
    );
    // The pane scrolls with the page (it is sticky only with tabs): its last example can be read.
    const last = reference.shownCode(reference.responseExample).last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect(reference.main.getByRole('button', { name: /Copy/ })).toHaveCount(0);
  });
});
