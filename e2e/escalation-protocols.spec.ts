// Each server protocol from the browser, and the circuit breaker.
import { expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { startLlamaCppServer } from '../testing/servers/llamacpp-server';
import { startOllamaServer } from '../testing/servers/ollama-server';

test('llama.cpp /infill: server-side FIM with input_prefix/input_suffix, streamed', async ({ page, openIde }) => {
  const llama = await startLlamaCppServer({ kind: 'ok', text: 'a // b' });
  try {
    await openIde({
      model: 'fixture-invalid',
      endpoint: new URL('/', llama.url).href,
      endpointExtra: { protocol: 'llamacpp-infill', stream: true },
    });
    await typeAtEndOfLine(page, 2, ' ');
    await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
    await expect(ghostText(page).first()).toContainText('a // b');
    expect(llama.requests).toHaveLength(1);
    expect(llama.requests[0].path).toBe('/infill');
    expect(llama.requests[0].body).toMatchObject({ input_prefix: 'def add(a, b):\n    return ', input_suffix: '\n', stream: true });
  } finally {
    await llama.close();
  }
});

test('Ollama /api/generate: suffix sent natively, NDJSON stream', async ({ page, openIde }) => {
  const ollama = await startOllamaServer({ kind: 'ok', text: 'a ** b' });
  try {
    await openIde({
      model: 'fixture-uncertain',
      endpoint: new URL('/', ollama.url).href,
      endpointExtra: { protocol: 'ollama-generate', stream: true, model: 'qwen2.5-coder:32b' },
    });
    await typeAtEndOfLine(page, 2, ' ');
    await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
    await expect(ghostText(page).first()).toContainText('a ** b');
    expect(ollama.requests[0].path).toBe('/api/generate');
    expect(ollama.requests[0].body).toMatchObject({ model: 'qwen2.5-coder:32b', prompt: 'def add(a, b):\n    return ', suffix: '\n' });
  } finally {
    await ollama.close();
  }
});

test('after repeated failures the circuit opens: the IDE stops calling and says so', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'status', status: 503, body: '{"error":"overloaded"}' });
  await openIde({ model: 'fixture-invalid' });
  const badge = page.getByTestId('privacy-badge');
  for (let i = 1; i <= 4; i++) {
    const seq = Number(await badge.getAttribute('data-seq'));
    await typeAtEndOfLine(page, 2, String.fromCharCode(96 + i));
    await expect(badge).toHaveAttribute('data-seq', String(seq + 1));
  }
  await expect(badge).toHaveAttribute('data-route', 'failed');
  await expect(badge).toContainText(/not calling|paused|circuit|retry/i);
  expect(server.requests).toHaveLength(3);
});
