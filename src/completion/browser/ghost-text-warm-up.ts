// The first suggestion a page shows runs Monaco code that no keystroke has run
// before (the ghost text's diff, its view and the widget for extra lines, the
// suggestion's edit as the user types through it). The browser compiles that
// code on first use, in one long task under the user's keys. Showing one
// throw-away suggestion in a hidden editor, once the page is idle after it
// opened, pays that price where nobody is typing.
import { monaco } from '../../editor/monaco';

/** The hidden model's URI scheme: no user file has it, and the app's provider and mirrors pass it by. */
export const WARM_UP_SCHEME = 'ghost-text-warm-up';

/** How long the hidden editor waits for its suggestion to show before it gives up (a busy page shows it later). */
const SHOW_TIMEOUT_MS = 2_000;

/** The hidden editor's text and its suggestion: one line typed into, two added, as a real suggestion would. */
const TEXT = 'function add(a, b) {\n  return a\n}\n';
const CURSOR = { lineNumber: 2, column: 11 };
const SUGGESTION = ' + b;\n  // and one line more\n  // and another';

/** How the page's one warm-up went: not yet run, running, its suggestion shown, not shown in time, or failed. */
type WarmUpOutcome = 'not-run' | 'running' | 'shown' | 'timed-out' | 'failed';
let outcome: WarmUpOutcome = 'not-run';

export function ghostTextWarmUpOutcome(): WarmUpOutcome {
  return outcome;
}

/** Runs once per page; later calls return at once. Never throws: a failed warm-up only leaves the first suggestion slower. */
async function warmUpGhostText(): Promise<void> {
  if (outcome !== 'not-run') return;
  outcome = 'running';
  const host = document.createElement('div');
  // Off screen and out of reach: no focus, no accessibility tree, no clicks.
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.dataset.warmUp = 'ghost-text';
  Object.assign(host.style, { position: 'fixed', left: '-10000px', top: '0', width: '480px', height: '120px', pointerEvents: 'none' });
  document.body.append(host);
  const disposables: monaco.IDisposable[] = [];
  try {
    const model = monaco.editor.createModel(TEXT, 'plaintext', monaco.Uri.from({ scheme: WARM_UP_SCHEME, path: '/warm-up.txt' }));
    disposables.push(model);
    let shown!: () => void;
    const showing = new Promise<WarmUpOutcome>((resolve) => (shown = () => resolve('shown')));
    disposables.push(
      monaco.languages.registerInlineCompletionsProvider(
        { scheme: WARM_UP_SCHEME },
        {
          provideInlineCompletions: (_model, position) => ({
            items: [{ insertText: SUGGESTION, range: monaco.Range.fromPositions(position) }],
          }),
          handleItemDidShow: () => shown(),
          disposeInlineCompletions() {},
        },
      ),
    );
    const editor = monaco.editor.create(host, {
      model,
      minimap: { enabled: false },
      // Shown without focus: the user's editor keeps it.
      inlineSuggest: { enabled: true, keepOnBlur: true },
      ariaLabel: '',
    });
    disposables.push(editor);
    editor.setPosition(CURSOR);
    editor.trigger('warm-up', 'editor.action.inlineSuggest.trigger', {});
    const timedOut = new Promise<WarmUpOutcome>((resolve) => setTimeout(() => resolve('timed-out'), SHOW_TIMEOUT_MS));
    const seen = await Promise.race([showing, timedOut]);
    // Typing through the suggestion carries it over an edit, the other path a keystroke takes.
    editor.trigger('warm-up', 'type', { text: ' ' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    outcome = seen;
  } catch {
    // Nothing to lose: the first real suggestion compiles the code instead.
    outcome = 'failed';
  } finally {
    for (const d of disposables.reverse()) d.dispose();
    host.remove();
  }
}

/** Warms up once the page is idle (or after `timeoutMs` at the latest). */
export function warmUpGhostTextWhenIdle(timeoutMs = 3_000): void {
  const run = () => void warmUpGhostText();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, 0);
}
