// The embedding section of docs/results.md: bench/results/embedding.json
// (bench/embedding.ts), the packages' sizes and the cost of a second tab.
import type { PackageSize } from '../../bench/embedding';
import { ms, num, record, table } from './format';

const kb = (bytes: number) => `${num(bytes / 1e3)} kB`;
const mb = (bytes: number) => (bytes < 1e6 ? kb(bytes) : `${num(bytes / 1e6, 1)} MB`);
const mib = (x: unknown) => (typeof x === 'number' ? `${num(x)} MiB` : 'n/a');
const p50 = (x: unknown) => record(x)?.p50;

export function embeddingTables(r: Record<string, unknown>): string[] {
  const packages = (Array.isArray(r.packages) ? r.packages : []) as PackageSize[];
  const side = (k: 'shared' | 'dedicated') => record(r[k]) ?? {};
  return [
    table(
      ['package', 'tarball', 'unpacked', 'files', 'entry module (gzipped)'],
      packages.map((p) => [
        `\`${p.name}\``,
        mb(p.tarballBytes),
        mb(p.unpackedBytes),
        num(p.files),
        `${kb(p.entryBytes)} (${kb(p.entryGzipBytes)})`,
      ]),
    ),
    `A second tab of the origin, ${String(r.model)}, in the built app, from navigation to the model ready (the whole app's start, the model's load among it), medians of ${num(r.rounds)} rounds (a fresh browser context each; memory: the proportional set size of all the browser's processes):`,
    table(
      ['model', 'first tab ready', 'second tab ready', 'memory, one tab', 'the second tab adds'],
      (['shared', 'dedicated'] as const).map((k) => [
        k === 'shared' ? 'one per origin (`model.sharedWorker`)' : 'one per tab',
        ms(p50(side(k).firstTabMs)),
        ms(p50(side(k).secondTabMs)),
        mib(p50(side(k).oneTabMiB)),
        mib(p50(side(k).secondTabAddsMiB)),
      ]),
    ),
  ];
}
