// Resident memory of Chromium's processes, from /proc (Linux). Workers live in
// their page's renderer process and ONNX Runtime's WASM heap is not JS heap,
// so the renderer's RSS is what shows a model loaded in a worker; the GPU
// process holds WebGPU buffers (SwiftShader: in its RAM).
import { readdirSync, readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  rssKB: number;
  cmd: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid: field('PPid'), rssKB: field('VmRSS'), cmd };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Processes descended from this Node process, by Chromium process type. */
export function chromiumMemoryMB(): { rendererMB: number; gpuMB: number; browserMB: number } | undefined {
  if (process.platform !== 'linux') return undefined;
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is Proc => !!p);
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
  }
  const chromium = all.filter((p) => mine.has(p.pid) && /chrom/.test(p.cmd));
  const mb = (ps: Proc[]) => Math.round(ps.reduce((s, p) => s + p.rssKB, 0) / 1024);
  // The busiest renderer is the bench page's (spare renderers are small).
  const renderers = chromium.filter((p) => p.cmd.includes('--type=renderer')).sort((a, b) => b.rssKB - a.rssKB);
  return {
    rendererMB: mb(renderers.slice(0, 1)),
    gpuMB: mb(chromium.filter((p) => p.cmd.includes('--type=gpu-process'))),
    browserMB: mb(chromium.filter((p) => !p.cmd.includes('--type='))),
  };
}
