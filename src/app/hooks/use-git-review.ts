// The Git panel's reviews: a change opened in the review dialog (kept, with
// its edits, so a reload reopens it), and its result as a commit on a new
// review branch, pushed.
import { useEffect, useMemo, useRef } from 'react';
import type { GitReviewSpec } from '../../git/types';
import { loadGitReview, saveGitReview, type StoredGitReview } from '../git-review-store';
import { gitQueue, said, type GitCore } from './use-git-core';

/** A review open before a reload comes back, with its edits. */
function useReviewRestored(core: GitCore, reviewKept: { current: StoredGitReview | undefined }) {
  const { repo, activeDir, patch } = core;
  useEffect(() => {
    if (!repo || !activeDir) return;
    void gitQueue.run(async () => {
      const kept = await loadGitReview();
      if (!kept || kept.dir !== activeDir || reviewKept.current) return;
      const r = await repo.reviewChanges(kept.spec);
      if (!r.ok) return;
      reviewKept.current = kept;
      patch({ review: { ...r.value, title: kept.title }, reviewEdits: kept.edits });
    });
  }, [repo, activeDir, patch, reviewKept]);
}

export function useGitReview(core: GitCore) {
  const { run, withRepo, refresh, patch, author } = core;
  const reviewed = core.view.review;
  /** The open review as kept for a reload. */
  const reviewKept = useRef<StoredGitReview | undefined>(undefined);
  useReviewRestored(core, reviewKept);
  return useMemo(
    () => ({
      /** Reads the change `spec` names; the working tree first gets the workspace's text, so its review shows what was typed. */
      openReview: (spec: GitReviewSpec) =>
        run(
          'Reading the change',
          withRepo(async (repo, cloned) => {
            await refresh();
            const r = await repo.reviewChanges(spec);
            if (!r.ok) return { ok: false, text: r.error };
            patch({ review: r.value, reviewEdits: undefined });
            // Pinned to the commits read now: after a reload the same change comes back, whatever a fetch moved since.
            const pinned: GitReviewSpec = spec.kind === 'worktree' ? spec : { kind: 'commits', from: r.value.from, to: r.value.to };
            reviewKept.current = { dir: cloned.dir, spec: pinned, title: r.value.title, edits: {} };
            void saveGitReview(reviewKept.current);
            const n = r.value.changes.length;
            return { ok: true, text: `Reviewing ${r.value.title}: ${n} changed file${n === 1 ? '' : 's'}.` };
          }),
        ),
      closeReview: () => {
        reviewKept.current = undefined;
        void saveGitReview(undefined);
        patch({ review: undefined, reviewEdits: undefined });
      },
      /** The dialog's edits so far: kept, so a reload reopens the review with them. */
      keepReviewEdits: (edits: Record<string, string>) => {
        if (!reviewKept.current) return;
        reviewKept.current = { ...reviewKept.current, edits };
        void saveGitReview(reviewKept.current);
      },
      /** The reviewed files as a commit on a new branch, pushed to the server; the working tree and current branch stay as they are. */
      commitReview: (branch: string, files: { path: string; text: string | null }[], message: string) =>
        run(
          'Committing the review',
          withRepo(async (repo) => {
            if (!reviewed) return { ok: false, text: 'Open a review first.' };
            const c = await repo.commitReview(branch.trim(), reviewed.to, files, message, author());
            if (!c.ok) return { ok: false, text: c.error };
            patch({ branches: await repo.branches() });
            const p = await repo.pushBranch(branch.trim());
            return p.ok
              ? { ok: true, text: `Committed ${c.value.slice(0, 7)} on ${branch.trim()} and pushed it.` }
              : { ok: false, text: `Committed ${c.value.slice(0, 7)} on ${branch.trim()}, but the push failed: ${p.error}` };
          }),
        ),
      pushBranch: (branch: string) =>
        run(
          'Pushing',
          withRepo(async (repo) => said(await repo.pushBranch(branch.trim()), (b) => `Pushed ${b}.`)),
        ),
    }),
    [run, withRepo, refresh, patch, author, reviewed],
  );
}
