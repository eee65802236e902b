// Compiled programs, cached by the hash of (language, compiler, flags,
// source): a ground-truth run and a model that reproduces it share one
// compile, and a rerun compiles nothing. Compile errors are cached too. The
// cache holds artifacts only; each run copies them into its own temp dir.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_LIMITS, type CompileStep } from './languages';
import { probeSandbox, runSandboxed, slotUid } from './sandbox';
import type { Toolchain } from './toolchain';
import { tail, type FailReason } from './verdict';
import { makeRunDir, removeRunDir } from './workdir';

export const DEFAULT_CACHE_DIR = join(tmpdir(), 'router-ide-eval-cache');

export type CompileOutcome =
  | { ok: true; entry: string; files: string[]; cached: boolean; ms: number }
  | { ok: false; reason: FailReason; detail: string; cached: boolean; ms: number };

interface Stored {
  ok: boolean;
  reason?: FailReason;
  detail?: string;
  files?: string[];
}

const inflight = new Map<string, Promise<CompileOutcome>>();

function compileKey(step: CompileStep, compilerVersion: string, fileName: string, source: string): string {
  return createHash('sha256')
    .update(JSON.stringify([step.tool, compilerVersion, step.args(fileName), fileName, source]))
    .digest('hex');
}

function readStored(entry: string): Stored | undefined {
  try {
    return JSON.parse(readFileSync(join(entry, 'result.json'), 'utf8')) as Stored;
  } catch {
    return undefined;
  }
}

async function compileNow(
  step: CompileStep,
  chain: Toolchain,
  fileName: string,
  source: string,
  slot: number,
  entry: string,
): Promise<CompileOutcome> {
  const t0 = performance.now();
  const tool = chain.tools[step.tool]!;
  const info = probeSandbox();
  const dir = makeRunDir(slotUid(info, slot));
  try {
    writeFileSync(join(dir, fileName), source);
    const r = await runSandboxed(
      {
        argv: [tool.path, ...step.args(fileName)],
        cwd: dir,
        slot,
        limits: COMPILE_LIMITS,
        env: { PATH: chain.path, HOME: dir, LANG: 'C.UTF-8', TMPDIR: dir },
      },
      info,
    );
    let stored: Stored;
    if (r.status === 'exited' && r.code === 0) {
      const files = readdirSync(dir).filter(step.isArtifact);
      stored = files.length ? { ok: true, files } : { ok: false, reason: 'compile_error', detail: 'compiler produced no output' };
    } else if (r.status === 'timeout' || r.signal === 'SIGXCPU') {
      stored = { ok: false, reason: 'compile_error', detail: `compilation exceeded ${COMPILE_LIMITS.cpuSeconds} s` };
    } else if (r.status === 'spawn-error') {
      return { ok: false, reason: 'harness_error', detail: tail(r.stderr), cached: false, ms: performance.now() - t0 };
    } else {
      stored = { ok: false, reason: 'compile_error', detail: tail(r.stderr || r.stdout) };
    }
    // Write the entry whole, then rename: a concurrent process never sees half of one.
    const tmp = `${entry}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    mkdirSync(tmp, { recursive: true });
    for (const f of stored.files ?? []) copyFileSync(join(dir, f), join(tmp, f));
    writeFileSync(join(tmp, 'result.json'), JSON.stringify(stored));
    try {
      renameSync(tmp, entry);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process won the race: same content
    }
    const ms = performance.now() - t0;
    return stored.ok
      ? { ok: true, entry, files: stored.files!, cached: false, ms }
      : { ok: false, reason: stored.reason!, detail: stored.detail ?? '', cached: false, ms };
  } finally {
    removeRunDir(dir);
  }
}

export function compileCached(
  step: CompileStep,
  chain: Toolchain,
  fileName: string,
  source: string,
  slot: number,
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<CompileOutcome> {
  const tool = chain.tools[step.tool]!;
  const key = compileKey(step, tool.version, fileName, source);
  const entry = join(cacheDir, key.slice(0, 2), key);
  const pending = inflight.get(key);
  if (pending) return pending;
  const stored = existsSync(entry) ? readStored(entry) : undefined;
  if (stored) {
    return Promise.resolve(
      stored.ok
        ? { ok: true, entry, files: stored.files ?? [], cached: true, ms: 0 }
        : { ok: false, reason: stored.reason ?? 'compile_error', detail: stored.detail ?? '', cached: true, ms: 0 },
    );
  }
  mkdirSync(join(cacheDir, key.slice(0, 2)), { recursive: true });
  const p = compileNow(step, chain, fileName, source, slot, entry).finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}
