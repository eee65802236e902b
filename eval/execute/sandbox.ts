// Runs one untrusted program: its own working directory, no network, CPU
// time, address-space, process-count and file-size limits, a wall-clock
// timeout that kills everything it started, and capped captured output.
//
// The limits come from util-linux (`unshare`, `setpriv`, `prlimit`), each
// exec'ing the next, so nothing of ours stays between the program and the
// kernel:
//   unshare --net --pid --fork --kill-child   no network; when the run ends
//                                             (or we kill it) the kernel kills
//                                             every process it forked, even
//                                             ones that called setsid()
//   setpriv --reuid=U                         (when we are root) an unused uid
//                                             per parallel slot: it cannot
//                                             delete or write our files, and
//                                             RLIMIT_NPROC binds it (root is
//                                             exempt from RLIMIT_NPROC)
//   unshare --user --map-root-user            (when we are not root) a user
//                                             namespace: it gives the pid and
//                                             net namespaces, and NPROC counts
//                                             only the processes inside
//   prlimit --cpu --as --nproc --fsize --core the per-run limits
//   unshare --mount + MOUNT_SETUP             (where mounts are allowed) a
//                                             private view of the world-
//                                             writable places: /dev/shm is a
//                                             fresh tmpfs, /tmp and /var/tmp
//                                             are overlays whose writes land
//                                             in it (capped in bytes and
//                                             files, gone when the run ends),
//                                             the run dir is bound back in,
//                                             and / is read-only where the
//                                             kernel lets us remount it
// util-linux's `unshare --fork` does not pass on how its child died (it
// exits 0 or 1 after a signal), so a `/bin/sh` inside the limits runs the
// program and writes its status ($?, 128+signal) to fd 3, which the program
// itself does not inherit (it cannot forge the line).
// Where none of that is available the run still gets its own directory, a
// timeout and a process-group kill, and the probe says what is missing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants as osConstants } from 'node:os';

export interface Limits {
  /** RLIMIT_CPU, whole seconds: SIGXCPU/SIGKILL past it (time limit exceeded). */
  cpuSeconds: number;
  /** Wall clock, ms: the whole process tree is killed past it. */
  wallMs: number;
  /** RLIMIT_AS in bytes; null for none (the JVM limits itself with -Xmx). */
  memoryBytes: number | null;
  /** RLIMIT_NPROC: processes + threads of the sandbox user (JVMs need ~30 threads). */
  nproc: number;
  /** RLIMIT_FSIZE: largest file it may write. */
  fileBytes: number;
  /** Bytes of stdout (and, separately, stderr) kept; past it the run is killed as output-limit. */
  outputBytes: number;
}

export type IsolationMode = 'drop-uid' | 'userns' | 'none';

export interface SandboxInfo {
  mode: IsolationMode;
  /** Runs see private, capped /tmp, /var/tmp and /dev/shm that vanish with them (a mount namespace). */
  privateTmp: boolean;
  /** Why the mode is weaker than drop-uid/userns, for the report. */
  note?: string;
  tools: { unshare?: string; setpriv?: string; prlimit?: string };
  /** First uid of the per-slot sandbox users (drop-uid mode). */
  uidBase: number;
}

export interface RunResult {
  status: 'exited' | 'timeout' | 'output-limit' | 'spawn-error';
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunSpec {
  /** argv[0] is an absolute path or a name found on env.PATH. */
  argv: string[];
  /** The run's own temporary directory. */
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
  limits: Limits;
  /** Parallel slot: a distinct sandbox user per slot keeps NPROC counts apart. */
  slot: number;
}

/** Sandbox tools are found on the system path, whatever PATH the toolchain under test uses. */
const SYSTEM_DIRS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin'];

function systemTool(name: string): string | undefined {
  return SYSTEM_DIRS.map((d) => `${d}/${name}`).find((p) => existsSync(p));
}

const ok = (argv: string[]) => spawnSync(argv[0], argv.slice(1), { stdio: 'ignore', timeout: 5000 }).status === 0;

const STATUS_SHELL = '/bin/sh';

/** What one run may write outside its run dir, all three private places together. */
const PRIVATE_TMP_BYTES = 64 * 1024 ** 2;
export const PRIVATE_TMP_FILES = 4096;

/**
 * Runs as (namespace) root in a fresh mount namespace, before the uid drop,
 * then execs the rest of the argv. The run dir is bound aside before /tmp is
 * covered and moved back on top, so the program's writes there still reach
 * the harness (compilers leave their output in it).
 */
const MOUNT_SETUP = [
  'set -e',
  // The program's PATH may not hold the mount tools: use the system's, then give it back.
  'had=${PATH+x}; saved=${PATH-}; PATH=/usr/sbin:/usr/bin:/sbin:/bin',
  'run=$(pwd -P); id=$(stat -c %d:%i .)',
  's=/dev/shm',
  `mount -t tmpfs -o size=${PRIVATE_TMP_BYTES},nr_inodes=${PRIVATE_TMP_FILES},mode=1777,nosuid,nodev sandbox-tmp "$s"`,
  'mkdir "$s/.run"',
  'mount --bind "$run" "$s/.run"',
  'for d in /tmp /var/tmp; do',
  '  [ -d "$d" ] || continue',
  '  n=$(printf %s "$d" | tr / _)',
  '  mkdir -p "$s/.overlay$n/up" "$s/.overlay$n/work"',
  '  chmod 1777 "$s/.overlay$n/up"',
  '  mount -t overlay overlay -o "lowerdir=$d,upperdir=$s/.overlay$n/up,workdir=$s/.overlay$n/work" "$d"',
  'done',
  // In a user namespace util-linux reports a failure after a move that took effect: check the result instead.
  'mount --move "$s/.run" "$run" 2>/dev/null || true',
  '[ "$(stat -c %d:%i "$run")" = "$id" ]',
  // Defence in depth: the sandbox user cannot write root's files anyway.
  'mount -o remount,bind,ro / 2>/dev/null || true',
  'cd "$run"',
  'if [ -n "$had" ]; then PATH=$saved; export PATH; else unset PATH; fi',
  'exec "$@"',
].join('\n');
const setupArgv = [STATUS_SHELL, '-c', MOUNT_SETUP, 'sandbox-setup'];

const DEFAULT_UID_BASE = 1_900_000_000;

let probed: SandboxInfo | undefined;

/** What isolation this machine allows (probed once per process). */
export function probeSandbox(): SandboxInfo {
  if (probed) return probed;
  const tools = { unshare: systemTool('unshare'), setpriv: systemTool('setpriv'), prlimit: systemTool('prlimit') };
  const base = { tools, uidBase: DEFAULT_UID_BASE };
  const t = '/bin/true';
  const ns = ['--net', '--pid', '--fork', '--kill-child'];
  const dropUid = tools.setpriv
    ? [tools.setpriv, `--reuid=${DEFAULT_UID_BASE}`, `--regid=${DEFAULT_UID_BASE}`, '--clear-groups', '--', t]
    : [];
  const noPrivateTmp = 'no mount namespace allowed here: a program can leave files in /tmp, /var/tmp and /dev/shm';
  if (!tools.unshare || !tools.prlimit) {
    probed = {
      ...base,
      mode: 'none',
      privateTmp: false,
      note: 'unshare/prlimit (util-linux) not found: runs get a temp dir and a timeout only',
    };
  } else if (process.getuid?.() === 0 && tools.setpriv && ok([tools.unshare, '--mount', ...ns, '--', ...setupArgv, ...dropUid])) {
    probed = { ...base, mode: 'drop-uid', privateTmp: true };
  } else if (process.getuid?.() === 0 && tools.setpriv && ok([tools.unshare, ...ns, '--', ...dropUid])) {
    probed = { ...base, mode: 'drop-uid', privateTmp: false, note: noPrivateTmp };
  } else if (ok([tools.unshare, '--user', '--map-root-user', '--mount', ...ns, '--', ...setupArgv, t])) {
    probed = {
      ...base,
      mode: 'userns',
      privateTmp: true,
      note: 'runs as your own user inside a user namespace: file permissions protect only what your user cannot write',
    };
  } else if (ok([tools.unshare, '--user', '--map-root-user', ...ns, '--', t])) {
    probed = {
      ...base,
      mode: 'userns',
      privateTmp: false,
      note: `runs as your own user inside a user namespace (file permissions protect only what your user cannot write); ${noPrivateTmp}`,
    };
  } else {
    probed = {
      ...base,
      mode: 'none',
      privateTmp: false,
      note: 'no namespaces allowed here: runs get limits, a temp dir and a timeout, but share the network, /tmp, /var/tmp and /dev/shm',
    };
  }
  return probed;
}

/** The uid a slot's programs run as (drop-uid mode), so its temp dir can be given to it. */
export function slotUid(info: SandboxInfo, slot: number): number | undefined {
  return info.mode === 'drop-uid' ? info.uidBase + slot : undefined;
}

/** The full argv: isolation wrappers, then prlimit, then the program. */
function wrapArgv(info: SandboxInfo, spec: Pick<RunSpec, 'argv' | 'limits' | 'slot'>): string[] {
  const { limits: l } = spec;
  // Soft limit first: SIGXCPU says "time limit" (at soft == hard the kernel sends a bare SIGKILL).
  const cpuSoft = Math.max(1, Math.ceil(l.cpuSeconds));
  const program = [STATUS_SHELL, '-c', '"$@" 3>&-; echo "$?" >&3', 'sh', ...spec.argv];
  const prl = info.tools.prlimit
    ? [
        info.tools.prlimit,
        `--cpu=${cpuSoft}:${cpuSoft + 1}`,
        `--nproc=${l.nproc}`,
        `--fsize=${l.fileBytes}`,
        '--core=0',
        ...(l.memoryBytes ? [`--as=${l.memoryBytes}`] : []),
        '--',
      ]
    : [];
  const ns = ['--net', '--pid', '--fork', '--kill-child'];
  const mount = info.privateTmp ? ['--mount'] : [];
  const setup = info.privateTmp ? setupArgv : [];
  switch (info.mode) {
    case 'drop-uid': {
      const uid = info.uidBase + spec.slot;
      return [
        info.tools.unshare!,
        ...mount,
        ...ns,
        '--',
        ...setup,
        info.tools.setpriv!,
        `--reuid=${uid}`,
        `--regid=${uid}`,
        '--clear-groups',
        '--',
        ...prl,
        ...program,
      ];
    }
    case 'userns':
      return [info.tools.unshare!, '--user', '--map-root-user', ...mount, ...ns, '--', ...setup, ...prl, ...program];
    case 'none':
      return [...prl, ...program];
  }
}

function signalName(n: number): NodeJS.Signals {
  const entry = Object.entries(osConstants.signals).find(([, v]) => v === n);
  return (entry?.[0] ?? 'SIGKILL') as NodeJS.Signals;
}

/** Kill the whole process group (the wrappers, and with them the pid namespace). */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

export function runSandboxed(spec: RunSpec, info: SandboxInfo = probeSandbox()): Promise<RunResult> {
  const argv = wrapArgv(info, spec);
  const started = performance.now();
  return new Promise((resolve) => {
    let status: RunResult['status'] = 'exited';
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let settled = false;
    const child = spawn(argv[0], argv.slice(1), {
      cwd: spec.cwd,
      env: spec.env,
      // Own process group, so a timeout can kill everything at once.
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    let statusLine = '';
    (child.stdio[3] as NodeJS.ReadableStream | null)?.on('data', (b: Buffer) => (statusLine += b.toString()));
    const finish = (r: Omit<RunResult, 'stdout' | 'stderr' | 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        ...r,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ms: performance.now() - started,
      });
    };
    const timer = setTimeout(() => {
      status = 'timeout';
      killGroup(child.pid);
    }, spec.limits.wallMs);
    const take = (chunks: Buffer[], which: 'out' | 'err') => (b: Buffer) => {
      const used = which === 'out' ? outBytes : errBytes;
      const room = spec.limits.outputBytes - used;
      if (room > 0) chunks.push(room >= b.length ? b : b.subarray(0, room));
      if (which === 'out') outBytes += b.length;
      else errBytes += b.length;
      // Only stdout is judged; a flood on either stream is stopped.
      if (used + b.length > spec.limits.outputBytes && status === 'exited') {
        status = 'output-limit';
        killGroup(child.pid);
      }
    };
    child.stdout.on('data', take(out, 'out'));
    child.stderr.on('data', take(err, 'err'));
    child.stdin.on('error', () => undefined); // the program may exit without reading its input (EPIPE)
    child.on('error', (e) => {
      status = 'spawn-error';
      err.push(Buffer.from(String(e.message)));
      finish({ status, code: null, signal: null });
    });
    child.on('close', (code, signal) => {
      killGroup(child.pid); // anything left in the group (mode 'none')
      const reported = /^(\d+)\s*$/.exec(statusLine);
      if (!reported) {
        // The status shell itself died: killed by us (timeout/output) or before it ran.
        finish({ status, code: status === 'exited' ? (code ?? -1) : null, signal });
        return;
      }
      const n = Number(reported[1]);
      finish(n > 128 ? { status, code: null, signal: signalName(n - 128) } : { status, code: n, signal: null });
    });
    child.stdin.end(spec.stdin ?? '');
  });
}
