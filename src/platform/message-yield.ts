// How the syntax worker pauses a long parse between two slices (the
// validator's `yieldToEvents`), and the model's worker between two forward
// passes (src/completion/worker/local-model.ts): a message posted to itself. Not DOM-specific,
// but worker glue, so not in src/syntax (whose default, setTimeout(0), is
// what Node uses).
//
// Why not setTimeout(0): browsers clamp a timer to >= 4 ms once timers nest
// five deep, and every resumed slice schedules the next pause from inside
// the previous timer, so a parse cut into short slices idles for the clamp
// after every one of them (`npm run bench syntax -- --browser-only` measures both on a large file).
// A message is not clamped. Why a message still
// lets other work in: in Chromium a MessagePort's messages share the task
// source (and the worker's task queue) of the worker's incoming messages, so
// requests that arrived before the pause run before the parse resumes.
// A fresh channel per pause: nothing is shared between two paused parses,
// and a closed port keeps no event loop alive.
export function messageYield(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
