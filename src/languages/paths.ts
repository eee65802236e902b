// Workspace paths as import readers handle them: `/`-separated, from the
// workspace root, no leading slash.

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** `a/b/../c/./d` -> `a/c/d`; undefined when it climbs above the root. */
export function normalise(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') {
      if (!out.length) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** The parts joined and normalised; empty parts are skipped. */
export const joinPath = (...parts: string[]): string | undefined => normalise(parts.filter(Boolean).join('/'));

/** The first of `candidates` the workspace holds (an undefined one is a path that climbed above the root). */
export function firstHeld(site: { has(path: string): boolean }, ...candidates: (string | undefined)[]): string | undefined {
  return candidates.find((c): c is string => !!c && site.has(c));
}
