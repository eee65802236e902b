// A finished run -> why it failed, by the same signs SAFIM's executor reads:
// CPU limit signals and timeouts are time limits; "MemoryError", bad_alloc
// and "out of memory" in stderr are memory limits; Python's SyntaxError
// family is a compile error. One addition: Mono's OutOfMemoryException ("Insufficient
// memory to continue", which ExecEval's signs miss) is a memory limit too.
import type { RunResult } from './sandbox';
import type { FailReason } from './verdict';

export function runFailure(r: RunResult, cpuSeconds?: number): FailReason | undefined {
  if (r.status === 'spawn-error') return 'harness_error';
  if (r.status === 'timeout' || r.signal === 'SIGXCPU') return 'time_limit';
  // A program that ignores SIGXCPU meets the hard CPU limit's SIGKILL one second later.
  if (r.signal === 'SIGKILL' && cpuSeconds !== undefined && r.ms >= cpuSeconds * 1000) return 'time_limit';
  if (r.status === 'output-limit') return 'output_limit';
  const err = r.stderr.toLowerCase();
  if (r.code === 0 && !r.signal) return undefined;
  if (/memoryerror|bad_alloc|bad alloc|out of memory|outofmemoryerror|outofmemoryexception/.test(err)) return 'memory_limit';
  if (/^\s*(syntaxerror|indentationerror|taberror)\b/m.test(err)) return 'compile_error';
  return 'runtime_error';
}
