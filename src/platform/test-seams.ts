// The hooks the end-to-end tests drive the app through: `window.__ide` (the
// editor, the engine) and the inference worker's fault injection. They exist
// in the dev server and in test builds (`vite build --mode test`) only: Vite
// writes the mode into the bundle as a literal, so a production build has no
// such code at all, and nothing on the page can reach the engine's settings
// past the organisation's locks.
export const TEST_SEAMS: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Adds `parts` to `window.__ide` in development and test builds; nothing in production. */
export function exposeForTests(parts: Record<string, unknown>): void {
  if (!TEST_SEAMS) return;
  const w = window as unknown as { __ide?: Record<string, unknown> };
  w.__ide = { ...w.__ide, ...parts };
}

/**
 * Counts a component's renders in `window.__ide.renders[name]` in development
 * and test builds (the end-to-end tests check what a keystroke re-renders);
 * nothing in production.
 */
export function countRender(name: string): void {
  if (!TEST_SEAMS) return;
  const w = window as unknown as { __ide?: { renders?: Record<string, number> } };
  const ide = (w.__ide ??= {});
  const renders = (ide.renders ??= {});
  renders[name] = (renders[name] ?? 0) + 1;
}
