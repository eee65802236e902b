// A counter that moves when the workspace's files change, for views that re-read them.
import { useEffect, useState } from 'react';
import type { Workspace } from '../../workspace/workspace';

/** Bumps on every workspace change, at most once per `pauseMs`: typing re-runs a search after a pause, not on every key. */
export function useWorkspaceRevision(workspace: Workspace, pauseMs: number): number {
  const [rev, setRev] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsub = workspace.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setRev((n) => n + 1);
      }, pauseMs);
    });
    return () => {
      unsub();
      clearTimeout(timer);
    };
  }, [workspace, pauseMs]);
  return rev;
}
