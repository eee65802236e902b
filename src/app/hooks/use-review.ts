// The review's state and what changes it: apply a diff to the workspace,
// accept or revert one hunk. Loaded from and saved to IndexedDB, so leaving
// the view (which unmounts the panel) or reloading loses nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyUnifiedDiff } from '../../workspace/diff';
import { commitReport, reviewHunk, type HunkAction } from '../../workspace/review';
import type { Workspace } from '../../workspace/workspace';
import { loadReview, saveReview, type ReviewState } from '../review-store';

/** 'saving', 'saved', or why it is not kept. */
export type ReviewSaved = 'saving' | 'saved' | { notKept: string };

export function useReview(workspace: Workspace) {
  const [state, setState] = useState<ReviewState | null>(null);
  const [saved, setSaved] = useState<ReviewSaved>('saved');
  const current = useRef<ReviewState | null>(null);
  current.current = state;
  const saves = useRef(0);

  useEffect(() => {
    let live = true;
    void loadReview().then((s) => {
      if (live) setState((now) => now ?? s);
    });
    return () => {
      live = false;
    };
  }, []);

  const update = useCallback((next: ReviewState) => {
    // two changes before a render must build on each other
    current.current = next;
    setState(next);
    const n = ++saves.current;
    setSaved('saving');
    void saveReview(next).then((why) => {
      if (n === saves.current) setSaved(why ? { notKept: why } : 'saved');
    });
  }, []);

  const setText = useCallback((text: string) => current.current && update({ ...current.current, text }), [update]);
  const show = useCallback((shown: string) => current.current && update({ ...current.current, shown }), [update]);

  const apply = useCallback(() => {
    const s = current.current;
    if (!s) return;
    const report = applyUnifiedDiff(s.text, (p) => workspace.read(p));
    if (!report.error) commitReport(workspace, report);
    const shown = report.files.find((f) => f.result !== undefined)?.path ?? report.files[0]?.path;
    update({ text: s.text, report, ...(shown ? { shown } : {}) });
  }, [workspace, update]);

  const hunkAction = useCallback(
    (path: string, index: number, action: HunkAction) => {
      const s = current.current;
      const text = workspace.read(path);
      if (!s?.report || text === undefined) return;
      const files = s.report.files.map((f) => {
        if (f.path !== path) return f;
        const { hunk, text: next } = reviewHunk(text, f.hunks[index], action);
        if (next !== undefined) workspace.setContent(path, next, 'external');
        return { ...f, hunks: f.hunks.map((h, i) => (i === index ? hunk : h)) };
      });
      update({ ...s, report: { ...s.report, files } });
    },
    [workspace, update],
  );

  return { state, saved, setText, show, apply, hunkAction };
}
