// Monaco times every keystroke for VS Code's telemetry: eight performance
// marks, four measures read back by name, a dozen clears and two timers per
// key, on the main thread, inside the keystroke and its frame. The standalone
// editor never reads the figures (only VS Code's workbench asks for them), so
// the hooks its edit context and view call are emptied here. Our own timing
// of keystrokes is the benchmark's (bench/ui/typing.ts), from outside.
import { inputLatency } from 'monaco-editor/base/browser/performance';

const HOOKS = ['onKeyDown', 'onBeforeInput', 'onInput', 'onKeyUp', 'onSelectionChange', 'onRenderStart'] as const;

export function dropMonacoInputLatency(): void {
  for (const hook of HOOKS) inputLatency[hook] = () => undefined;
}
