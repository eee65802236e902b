// Class-bearing ground truths for the semantic check, which the development
// sets lack (their Python middles call no method of a class of the file):
// lines of real Python modules (by default, the standard library of the
// local python3) that call a method on `self` or on an instance, each taken
// out and put back as the completion, its file around it whole (the app's
// window for a file that fits). Any finding on one is a false flag; their
// mutants (eval/semantic-mutants.ts, the class-member kind among them) are
// what the check should catch.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface LineTask {
  key: string;
  language: 'python';
  prefix: string;
  groundTruth: string;
  suffix: string;
}

/** A method call on a name: `self.push(x)`, `stack.pop()`. */
const METHOD_CALL = /\b[A-Za-z_]\w*\.[A-Za-z_]\w*\(/;
const MIN_LINES = 80;
const MAX_LINES = 3_000;

/** The local python3's standard library folder, or undefined. */
export function pythonStdlib(): string | undefined {
  const r = spawnSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' });
  const dir = r.status === 0 ? r.stdout.trim() : '';
  return dir && existsSync(dir) ? dir : undefined;
}

/** A line that is a whole statement by itself: its brackets close, nothing continues it. */
function wholeStatement(line: string, next: string | undefined): boolean {
  const t = line.trim();
  if (!t || t.startsWith('#') || /[\\,([{:]$/.test(t) || /^[)\]}.]/.test(t) || /"""|'''/.test(t)) return false;
  let depth = 0;
  for (const ch of t.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '')) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (depth < 0) return false;
  }
  return depth === 0 && !(next !== undefined && /^\s*[.)\]}]/.test(next));
}

/**
 * Up to `limit` lines, from the modules directly in `dir` (in name order),
 * each an indented line inside a class's module that calls a method, one
 * line in every `stride` such lines.
 */
export function methodCallLines(dir: string, limit: number, stride = 7): LineTask[] {
  const out: LineTask[] = [];
  let seen = 0;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (!name.endsWith('.py') || !statSync(path).isFile()) continue;
    const text = readFileSync(path, 'utf8');
    if (!/^class\s/m.test(text) || text.includes('\r')) continue;
    const lines = text.split('\n');
    if (lines.length < MIN_LINES || lines.length > MAX_LINES) continue;
    for (let i = 0; i < lines.length && out.length < limit; i++) {
      const line = lines[i];
      if (!/^\s+\S/.test(line) || !METHOD_CALL.test(line) || !wholeStatement(line, lines[i + 1])) continue;
      if (seen++ % stride) continue;
      const indent = line.length - line.trimStart().length;
      out.push({
        key: `${relative(dir, path)}:${i + 1}`,
        language: 'python',
        prefix: lines.slice(0, i).join('\n') + '\n' + line.slice(0, indent),
        groundTruth: line.slice(indent),
        suffix: '\n' + lines.slice(i + 1).join('\n'),
      });
    }
    if (out.length >= limit) break;
  }
  return out;
}
