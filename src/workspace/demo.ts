// Where the demo's sample files go. A workspace that already holds the samples
// (the first-run workspace is exactly them) gets no second copy: the demo opens
// them there and adds back only the ones that are gone. Any other workspace gets
// them under demo/, again without copying what is already there.
import { SAMPLE_WORKSPACE } from './samples';

const DEMO_FOLDER = 'demo';
/** The file the demo opens, relative to where the samples are. */
const DEMO_ENTRY = 'python/main.py';

interface DemoPlan {
  /** Sample files to add (none when every one is there). */
  add: [path: string, content: string][];
  open: string;
}

export function planDemo(ws: { read(path: string): string | undefined }, samples = SAMPLE_WORKSPACE.files): DemoPlan {
  // One untouched sample at the top level says these are the samples: a file the user changed is still theirs, not copied again.
  const atRoot = samples.some(([p, c]) => ws.read(p) === c);
  const at = (p: string) => (atRoot ? p : `${DEMO_FOLDER}/${p}`);
  return {
    add: samples.filter(([p]) => ws.read(at(p)) === undefined).map(([p, c]) => [at(p), c]),
    open: at(DEMO_ENTRY),
  };
}
