// The next suggestion ready on accept (src/completion/common/accept-prediction.ts) and
// alternatives cycled with Alt+] / Alt+[ (src/completion/common/alternatives.ts).
import type { Page } from '@playwright/test';
import { editorText, expect, ghostText, pageTime, sendMarker, test, typeAtEndOfLine } from '../testing/playwright/ide';

type Counted = { complete: number; predict: number; predicted: number; predictedKept: number };

/** Counts the engine's requests and predictions (and the predictions that finished, and kept a result). */
async function countRequests(page: Page): Promise<() => Promise<Counted>> {
  await page.evaluate(() => {
    type Fn = (...a: unknown[]) => Promise<unknown>;
    const ide = (window as unknown as { __ide: { engine: { complete: Fn; predict: Fn }; counted?: Counted } }).__ide;
    const counted: Counted = { complete: 0, predict: 0, predicted: 0, predictedKept: 0 };
    ide.counted = counted;
    const complete = ide.engine.complete.bind(ide.engine);
    const predict = ide.engine.predict.bind(ide.engine);
    ide.engine.complete = (...a) => {
      counted.complete++;
      return complete(...a);
    };
    ide.engine.predict = (...a) => {
      counted.predict++;
      const p = predict(...a);
      p.then(
        (r) => {
          counted.predicted++;
          if (r) counted.predictedKept++;
        },
        () => {
          counted.predicted++;
        },
      );
      return p;
    };
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { __ide: { counted: Counted } }).__ide.counted }));
}

test('Tab shows the next suggestion at once, from the prediction: no new request', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const counts = await countRequests(page);
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  // While the suggestion is on screen, the one after it is computed.
  await expect.poll(async () => (await counts()).predictedKept).toBe(1);
  const seq = Number(await page.getByTestId('privacy-badge').getAttribute('data-seq'));
  await page.keyboard.press('Tab');
  expect(await editorText(page)).toBe('def add(a, b):\n    return a + b\n');
  // The fixture answers "a + b" again after "return a + b": shown without a request.
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-seq', String(seq + 1));
  const after = await counts();
  expect(after.complete).toBe(1);
  expect(after.predict).toBeGreaterThanOrEqual(1);
  const stats = await page.evaluate(() =>
    (window as unknown as { __ide: { predictionStats: () => { served: number } } }).__ide.predictionStats(),
  );
  expect(stats.served).toBe(1);
  // The stats panel counts it from the same event: one prediction ended, served on Tab, none thrown away.
  const panel = page.getByTestId('stats-panel');
  await expect(panel.getByTestId('stats-predictions-served')).toHaveText('1');
  await expect(panel.getByTestId('stats-predictions-discarded')).toHaveText('0');
});

test('with the setting off, nothing is predicted and Tab waits for a new request', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null, editor: { predictOnAccept: false } as never });
  const counts = await countRequests(page);
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  // Time for a prediction to start, had one been asked for, in the page's own time however busy the machine.
  await pageTime(page, 500);
  expect((await counts()).predict).toBe(0);
  await page.keyboard.press('Tab');
  // The accepted suggestion can still be on screen for a frame after Tab: wait for the new request, then its suggestion.
  await expect.poll(async () => (await counts()).complete).toBe(2);
  await expect(ghostText(page).first()).toContainText('a + b');
  expect(await counts()).toMatchObject({ complete: 2, predict: 0 });
});

test('typing something else cancels the prediction; the next request is an ordinary one', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const counts = await countRequests(page);
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect.poll(async () => (await counts()).predict).toBe(1);
  await page.keyboard.type('z');
  // The old suggestion may still be on screen for a moment: wait for the new request, then for its suggestion.
  await expect.poll(async () => (await counts()).complete).toBe(2);
  await expect(ghostText(page).first()).toContainText('a + b');
  expect((await counts()).complete).toBe(2);
  const stats = await page.evaluate(() =>
    (
      window as unknown as { __ide: { predictionStats: () => { served: number; cancelled: number; notKept: number } } }
    ).__ide.predictionStats(),
  );
  expect(stats.served).toBe(0);
  expect(stats.cancelled).toBeGreaterThanOrEqual(1);
  const panel = page.getByTestId('stats-panel');
  await expect(panel.getByTestId('stats-predictions-served')).toHaveText('0');
  await expect(panel.getByTestId('stats-predictions-discarded')).toHaveText(String(stats.cancelled + stats.notKept));
});

test('a prediction never sends anything: where it would escalate it is dropped, and the request on accept escalates', async ({
  page,
  openIde,
  server,
}) => {
  // fixture-invalid's local answer is broken, so every request would escalate; the server answers "a + b".
  await openIde({ model: 'fixture-invalid' });
  const counts = await countRequests(page);
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
  expect(server.requests).toHaveLength(1);
  const arrivals = server.arrivals.length; // preflights included
  // The prediction ran to its end and kept nothing: it would have escalated.
  await expect.poll(async () => (await counts()).predicted).toBe(1);
  expect((await counts()).predictedKept).toBe(0);
  // A request the page makes now arrives after anything it sent before: once it is there, nothing else came.
  await sendMarker(page, server.url);
  await expect.poll(() => server.arrivals.some((a) => a.path.endsWith('/marker'))).toBe(true);
  expect(server.arrivals.length).toBe(arrivals + 1);
  expect(server.requests).toHaveLength(1);
  await page.keyboard.press('Tab');
  // The ordinary request at the new place escalates as it would have.
  await expect.poll(() => server.requests.length).toBe(2);
  expect((await counts()).complete).toBe(2);
});

test("Alt+] and Alt+[ switch between the large and the local model's suggestion, and the badge follows", async ({
  page,
  openIde,
  server,
}) => {
  // fixture-uncertain: a valid local "a + b" below the confidence threshold; the large model says "a - b".
  server.setMode({ kind: 'ok', text: 'a - b' });
  await openIde({ model: 'fixture-uncertain' });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(ghostText(page).first()).toContainText('a - b');
  await expect(badge).toHaveAttribute('data-alternative', '1/2');
  await expect(badge).toHaveAttribute('data-alternative-source', 'escalated');
  await page.keyboard.press('Alt+BracketRight');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(badge).toHaveAttribute('data-alternative', '2/2');
  await expect(badge).toHaveAttribute('data-alternative-source', 'local');
  await expect(page.getByTestId('badge-summary')).toContainText("local model's suggestion");
  await page.keyboard.press('Alt+BracketLeft');
  await expect(ghostText(page).first()).toContainText('a - b');
  await expect(badge).toHaveAttribute('data-alternative', '1/2');
  await page.keyboard.press('Alt+BracketRight');
  await expect(badge).toHaveAttribute('data-alternative', '2/2');
  await page.keyboard.press('Tab');
  expect(await editorText(page)).toBe('def add(a, b):\n    return a + b\n');
  // One request to the large model for both alternatives.
  expect(server.requests).toHaveLength(1);
});

test('where there is one answer, Alt+] asks the local model for its second-best start; the badge says which, and Tab takes it', async ({
  page,
  openIde,
}) => {
  // fixture-valid ranks "b" second at its first step: its second-best start is "b + b".
  await openIde({ model: 'fixture-valid', endpoint: null });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(badge).toHaveAttribute('data-route', 'local');
  expect(await badge.getAttribute('data-alternative')).toBeNull();
  await page.keyboard.press('Alt+BracketRight');
  await expect(ghostText(page).first()).toContainText('b + b');
  await expect(badge).toHaveAttribute('data-alternative', '2/2');
  await expect(badge).toHaveAttribute('data-alternative-source', 'second-best');
  await expect(badge).toHaveAttribute('data-route', 'local');
  await expect(page.getByTestId('badge-alternative')).toContainText("local model's second-best suggestion");
  await expect(page.getByTestId('badge-summary')).toContainText('second-best start');
  await expect(page.getByTestId('badge-summary')).toContainText('syntax valid');
  await page.keyboard.press('Alt+BracketLeft');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(badge).toHaveAttribute('data-alternative', '1/2');
  await expect(badge).toHaveAttribute('data-alternative-source', 'local');
  await page.keyboard.press('Alt+BracketRight');
  await expect(badge).toHaveAttribute('data-alternative', '2/2');
  await page.keyboard.press('Tab');
  expect(await editorText(page)).toBe('def add(a, b):\n    return b + b\n');
});
