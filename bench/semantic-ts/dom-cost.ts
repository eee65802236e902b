// What the DOM lib costs the types check (docs/semantic-check-typescript.md,
// "DOM types"): the production checker (createTypescriptTypesChecker, the
// Node host the tests and the bench use), forced without the DOM lib and
// with it (the setting browser code gets), on this repository's TypeScript
// files of 150 to 300 lines, a code line taken out and put back as the
// completion, the two settings taking turns on each case (so a loaded
// machine weighs on both alike). CPU time per check: the first check of
// each setting (which parses its lib) and p50/p95 of the next ones, with
// the flags each setting raised (ground truths: any is a false flag).
//   npx tsx bench/semantic-ts/dom-cost.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createTypescriptTypesChecker, runsInBrowser } from '../../src/semantic';
import { percentile } from '../../src/platform';
import { jsInput } from '../../testing/semantic/js-input';
import { diskPackages } from '../../testing/semantic/disk-packages';
import { repoFiles } from '../semantic-ts';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function repositoryFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir).sort()) {
    const path = join(dir, e);
    if (statSync(path).isDirectory()) repositoryFiles(path, out);
    else if (/\.tsx?$/.test(e) && !/\.test\.tsx?$|js-globals\.ts$/.test(e)) {
      const lines = readFileSync(path, 'utf8').split('\n').length;
      if (lines >= 150 && lines <= 300) out.push(path);
    }
  }
  return out;
}

const packages = diskPackages(process.cwd());
const settings = {
  'ES2022 (code that does not run in a browser)': createTypescriptTypesChecker(repoFiles(), { packages, browser: false }),
  'ES2022 + DOM + DOM iterable (browser code)': createTypescriptTypesChecker(repoFiles(), { packages, browser: true }),
};
type Setting = keyof typeof settings;
const first: Partial<Record<Setting, number>> = {};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(settings).map((k) => [k, []]));
const flags: Record<string, number> = Object.fromEntries(Object.keys(settings).map((k) => [k, 0]));
let browserFiles = 0;
const files = repositoryFiles('src');
let n = 0;
for (const path of files) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const language = path.endsWith('x') ? 'tsx' : 'typescript';
  browserFiles += Number(runsInBrowser(language, lines.join('\n')));
  for (let i = 20; i < lines.length; i += 41) {
    if (lines[i].trim().length < 12 || /^\s*(\/\/|\*|\/\*)/.test(lines[i])) continue;
    const input = await jsInput(language, `${lines.slice(0, i).join('\n')}\n«${lines[i]}»\n${lines.slice(i + 1).join('\n')}`, {
      file: relative(process.cwd(), path),
    });
    const order = Object.entries(settings) as [Setting, (typeof settings)[Setting]][];
    for (const [setting, checker] of n % 2 ? order : order.reverse()) {
      const started = cpuMs();
      const found = await checker.check(input);
      const spent = cpuMs() - started;
      if (first[setting] === undefined) first[setting] = spent;
      else times[setting].push(spent);
      flags[setting] += Number(found.length > 0);
    }
    input.tree.delete();
    input.baseline.tree.delete();
    n++;
  }
}
console.log(`${files.length} files (${browserFiles} of them browser code by browser-code.ts), ${n} cases, both settings on each`);
console.log('| lib | first check | check p50 | check p95 | false flags |\n| --- | --- | --- | --- | --- |');
for (const setting of Object.keys(settings) as Setting[])
  console.log(
    `| ${setting} | ${first[setting]?.toFixed(0)} ms | ${percentile(times[setting], 50)?.toFixed(1)} ms | ${percentile(times[setting], 95)?.toFixed(1)} ms | ${flags[setting]} of ${n} |`,
  );
