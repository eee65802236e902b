// Source files of the packages installed in node_modules: code nobody here
// wrote, for the semantic check's held-out tests.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface PackageWalk<T> {
  /** How many to pick at most. */
  limit: number;
  /** How deep below node_modules to look. */
  maxDepth: number;
  /** Folder names never entered. */
  skipDirs: readonly string[];
  /** Whether a file is worth reading, by its name and size. */
  candidate: (name: string, size: number) => boolean;
  /** The file read and judged: what to keep of it, or undefined to pass it by. */
  pick: (path: string) => T | undefined;
}

/**
 * Files picked from installed packages in sorted order (the same each run), at
 * most one per package: packages' styles differ more than one package's files.
 */
export function onePerPackage<T>({ limit, maxDepth, skipDirs, candidate, pick }: PackageWalk<T>): T[] {
  const root = join(process.cwd(), 'node_modules');
  const out: T[] = [];
  const taken = new Set<string>();
  const visit = (dir: string, depth: number) => {
    if (out.length >= limit || depth > maxDepth) return;
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const e of entries) {
      if (out.length >= limit) return;
      const path = join(dir, e);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) {
        if (!skipDirs.includes(e)) visit(path, depth + 1);
        continue;
      }
      if (!candidate(e, stat.size)) continue;
      const [first, second] = path.slice(root.length + 1).split('/');
      const pkg = first.startsWith('@') ? `${first}/${second}` : first;
      if (taken.has(pkg)) continue;
      const kept = pick(path);
      if (kept === undefined) continue;
      out.push(kept);
      taken.add(pkg);
    }
  };
  visit(root, 0);
  return out;
}
