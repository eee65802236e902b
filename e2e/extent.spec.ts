// The rest of a line or a block, in the browser: a mid-line request stops at
// the line's end, a request on a blank line after a block opener asks for a
// block (src/completion/common/extent.ts).
import { expect, test } from '../testing/playwright/ide';

test('a mid-line request stops at the end of the line; a blank line asks for a block', async ({ page, openIde }) => {
  // Seven generations of up to 64 tokens: on SwiftShader (WebGPU on the CPU) that is ~15 s each on a busy 2-core machine.
  test.setTimeout(240_000);
  await openIde({
    model: 'fixture-qwen2-tiny',
    endpoint: null,
    modelExtra: { maxNewTokens: 64, maxPromptTokens: 256, latencyTargetMs: { webgpu: 0, wasm: 0 } },
  });
  const run = (prefix: string, suffix: string) =>
    page.evaluate(
      async ([p, s]) => {
        const engine = (
          window as unknown as {
            __ide: {
              engine: {
                complete(r: object, sig: AbortSignal): Promise<{ local: { text: string; extent?: string; stats?: { newTokens: number } } }>;
              };
            };
          }
        ).__ide.engine;
        const r = await engine.complete({ prefix: p, suffix: s, language: 'python', file: 'main.py' }, new AbortController().signal);
        return { text: r.local.text, extent: r.local.extent, newTokens: r.local.stats?.newTokens ?? 0 };
      },
      [prefix, suffix] as const,
    );
  const lines: { text: string; newTokens: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await run(`# case ${i}\ndef f(a, b):\n    total = `, '\n    return total\n');
    expect(r.extent).toBe('line');
    expect(r.text).not.toMatch(/\S.*\n/);
    lines.push(r);
  }
  // The random-weight model writes newlines now and then: some line requests ended before the token limit.
  expect(lines.some((r) => r.newTokens < 64)).toBe(true);
  const block = await run('def f(a, b):\n    ', '\n\nprint(f(1, 2))\n');
  expect(block.extent).toBe('block');
});
