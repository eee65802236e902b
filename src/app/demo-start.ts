// Demo: the sample files (never a second copy, nothing replaced), the local model only, and a live egress count.
import type { ConfigLayer } from '../vocabulary/config';
import { planDemo } from '../workspace/demo';

interface DemoWorkspace {
  read(path: string): string | undefined;
  putMany(files: [path: string, content: string][]): void;
}

/** Adds the samples that are missing and switches to local-only; returns the file to open. */
export function startDemo(workspace: DemoWorkspace, applyOverrides: (o: ConfigLayer, reloadModel: boolean) => void): string {
  const plan = planDemo(workspace);
  workspace.putMany(plan.add);
  applyOverrides({ privacy: { mode: 'local-only' } }, false);
  return plan.open;
}
