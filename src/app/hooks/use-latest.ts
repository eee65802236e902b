import { useRef } from 'react';

/**
 * A ref that always holds the latest value of a render, for callbacks that
 * live longer than one render (Monaco's providers, the engine's listeners):
 * they read `.current` when called instead of closing over a stale value.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
