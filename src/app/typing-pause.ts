// Work the user does not watch while typing (the stats panel's refresh) waits
// for a pause in typing: run inside a burst of keys it takes the main thread
// from the next keystroke's frame, and run after a fixed delay it lands in the
// next burst as often as not.
/** How long without a key counts as a pause. */
export const TYPING_PAUSE_MS = 400;

let lastKeyAt = Number.NEGATIVE_INFINITY;
let listening = false;

/** Notes a keystroke; the page's key presses are noted on their own once anything waits for a pause. */
export function noteKeystroke(at = Date.now()): void {
  lastKeyAt = at;
}

function listen(): void {
  if (listening || typeof globalThis.addEventListener !== 'function') return;
  listening = true;
  globalThis.addEventListener('keydown', () => noteKeystroke(), { capture: true, passive: true });
}

/**
 * Runs `fn` once no key has been pressed for `quietMs`: after the current
 * pause if the user is not typing, else after the burst ends. Returns a
 * function that cancels it.
 */
export function afterTypingPause(fn: () => void, quietMs = TYPING_PAUSE_MS): () => void {
  listen();
  const left = () => Math.max(0, quietMs - (Date.now() - lastKeyAt));
  const check = () => {
    const wait = left();
    if (wait > 0) timer = setTimeout(check, wait);
    else fn();
  };
  let timer = setTimeout(check, left());
  return () => clearTimeout(timer);
}
