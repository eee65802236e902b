// What a tab says: the file name, and where two open files share a name, the
// folder that tells them apart (the shortest end of the folder path that
// differs, as VS Code does), so "main.py" and "main.py · demo/python" differ.
import { basename } from '../workspace/paths';

interface TabLabel {
  name: string;
  folder?: string;
}

/** The label of each path; `folder` only where another open file has the same name. */
export function tabLabels(paths: readonly string[]): Map<string, TabLabel> {
  const byName = new Map<string, string[]>();
  for (const p of paths) byName.set(basename(p), [...(byName.get(basename(p)) ?? []), p]);
  const out = new Map<string, TabLabel>();
  for (const [name, group] of byName) {
    if (group.length === 1) {
      out.set(group[0], { name });
      continue;
    }
    const dirs = group.map((p) => p.split('/').slice(0, -1));
    for (let i = 0; i < group.length; i++) {
      const d = dirs[i];
      // The fewest trailing folders that no other file of the group ends with too.
      let n = 1;
      while (n < d.length && dirs.some((o, j) => j !== i && o.slice(-n).join('/') === d.slice(-n).join('/'))) n++;
      out.set(group[i], { name, folder: d.length ? d.slice(-n).join('/') : 'top level' });
    }
  }
  return out;
}
