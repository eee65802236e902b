import { afterEach, describe, expect, it, vi } from 'vitest';
import { inputLatency } from 'monaco-editor/base/browser/performance';
import { dropMonacoInputLatency } from './monaco-input-latency';

afterEach(() => vi.restoreAllMocks());

/** One keystroke as Monaco reports it: key down, input, the frame that draws it, key up. */
function keystroke(): void {
  inputLatency.onKeyDown();
  inputLatency.onBeforeInput();
  inputLatency.onInput();
  inputLatency.onRenderStart();
  inputLatency.onSelectionChange();
  inputLatency.onKeyUp();
}

describe('dropMonacoInputLatency', () => {
  it("empties Monaco's per-keystroke timing: no performance mark, no timer", async () => {
    const mark = vi.spyOn(performance, 'mark');
    keystroke();
    // Monaco's own hooks mark the timeline: what is dropped below.
    expect(mark).toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 0));

    dropMonacoInputLatency();
    mark.mockClear();
    const timer = vi.spyOn(globalThis, 'setTimeout');
    keystroke();
    await Promise.resolve();
    expect(mark).not.toHaveBeenCalled();
    expect(timer).not.toHaveBeenCalled();
  });
});
