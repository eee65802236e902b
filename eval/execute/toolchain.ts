// Finds the interpreters and compilers on the PATH the user gives (default:
// ours) and checks that the sandbox user can run them: a python3 under
// /root/.pyenv is on root's PATH but out of reach of an unprivileged uid, so
// every candidate on PATH is tried, in order, inside the sandbox.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { makeRunDir, removeRunDir } from './workdir';
import { probeSandbox, runSandboxed, slotUid, type Limits } from './sandbox';

export type ToolName = 'python3' | 'javac' | 'java' | 'g++' | 'mcs' | 'mono';

export interface Tool {
  name: ToolName;
  path: string;
  /** First line of its version output, for the report. */
  version: string;
}

export interface Toolchain {
  /** PATH handed to programs and compilers (g++ finds `as` and `ld` on it). */
  path: string;
  tools: Partial<Record<ToolName, Tool>>;
  /** Why a tool is missing, per tool. */
  missing: Partial<Record<ToolName, string>>;
}

const VERSION_ARGS: Record<ToolName, string[]> = {
  python3: ['-c', 'import sys; print("Python " + sys.version.split()[0])'],
  javac: ['-version'],
  java: ['-version'],
  'g++': ['--version'],
  mcs: ['--version'],
  mono: ['--version'],
};

const PROBE_LIMITS: Limits = { cpuSeconds: 20, wallMs: 30_000, memoryBytes: null, nproc: 512, fileBytes: 1 << 20, outputBytes: 1 << 16 };

function candidates(name: string, pathVar: string): string[] {
  const found: string[] = [];
  for (const dir of pathVar.split(delimiter).filter(Boolean)) {
    const p = join(dir, name);
    try {
      if (statSync(p).isFile()) {
        accessSync(p, constants.X_OK);
        found.push(p);
      }
    } catch {
      /* not here */
    }
  }
  return found;
}

async function versionOf(tool: ToolName, path: string, pathVar: string): Promise<string | undefined> {
  const info = probeSandbox();
  const dir = makeRunDir(slotUid(info, 0));
  try {
    const r = await runSandboxed(
      { argv: [path, ...VERSION_ARGS[tool]], cwd: dir, env: { PATH: pathVar, HOME: dir, LANG: 'C.UTF-8' }, limits: PROBE_LIMITS, slot: 0 },
      info,
    );
    if (r.status !== 'exited' || r.code !== 0) return undefined;
    return (
      `${r.stdout}\n${r.stderr}`
        .split('\n')
        .map((l) => l.trim())
        .find(Boolean) ?? tool
    );
  } finally {
    removeRunDir(dir);
  }
}

const cache = new Map<string, Promise<Toolchain>>();

export function resolveToolchain(pathVar: string = process.env.PATH ?? ''): Promise<Toolchain> {
  let t = cache.get(pathVar);
  if (!t) {
    t = (async () => {
      const chain: Toolchain = { path: pathVar, tools: {}, missing: {} };
      for (const name of Object.keys(VERSION_ARGS) as ToolName[]) {
        const found = candidates(name, pathVar);
        for (const p of found) {
          const version = await versionOf(name, p, pathVar);
          if (version) {
            chain.tools[name] = { name, path: p, version };
            break;
          }
        }
        if (!chain.tools[name]) {
          chain.missing[name] = found.length
            ? `${name} found (${found.join(', ')}) but it does not run in the sandbox (${probeSandbox().mode})`
            : `${name} not found on PATH`;
        }
      }
      return chain;
    })();
    cache.set(pathVar, t);
  }
  return t;
}
