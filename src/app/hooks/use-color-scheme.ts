// Light or dark, as the operating system says (prefers-color-scheme), live.
// The page's colours follow in CSS; Monaco's theme follows in EditorPane.
import { useSyncExternalStore } from 'react';

type ColorScheme = 'light' | 'dark';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

function subscribe(onChange: () => void): () => void {
  const q = query();
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, () => (query().matches ? 'dark' : 'light'));
}
