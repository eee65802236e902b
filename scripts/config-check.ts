// `npm run config:check FILE [-- --origin https://ide.corp.example]`: checks
// a config.json with the rules the app applies when it starts
// (src/config/org-config.ts), before it is deployed. Exit code 1 when the app
// would ignore the file, or keys in it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { judgeOrgConfig, parseOrgConfig } from '../src/config';

export interface CheckReport {
  ok: boolean;
  lines: string[];
}

export function checkConfigText(text: string, pageOrigin?: string): CheckReport {
  const parsed = parseOrgConfig(text);
  if ('problem' in parsed) return { ok: false, lines: [parsed.problem] };
  const v = judgeOrgConfig(parsed.layer, pageOrigin);
  const lines = [
    ...v.problems.map((p) => `error: ${p}`),
    ...v.unknown.map((k) => `error: unknown key ${k} (the app ignores it; a typo? public/config.schema.json lists every key)`),
  ];
  if (v.problems.length) lines.push('The app would ignore this whole file and start with the defaults (nothing leaves the machine).');
  return { ok: lines.length === 0, lines };
}

const USAGE = 'usage: npm run config:check FILE [-- --origin https://where-the-ide-is-served]';

function main(args: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { origin: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    console.error(`config:check: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals: files } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const origin = values.origin;
  if (files.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = fs.readFileSync(files[0], 'utf8');
  } catch (e) {
    console.error(`${files[0]}: cannot be read (${(e as Error).message})`);
    return 1;
  }
  const report = checkConfigText(text, origin);
  for (const line of report.lines) console.error(`${files[0]}: ${line}`);
  if (report.ok) console.log(`${files[0]}: ok, the app applies it as it is`);
  return report.ok ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) process.exitCode = main(process.argv.slice(2));
