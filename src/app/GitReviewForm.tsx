// The Git panel's review form: what to review (a branch against its merge
// base, two commits, or the working tree), then the review dialog opens.
import { useState } from 'react';
import type { GitReviewSpec } from '../git/types';

export function GitReviewForm({
  refs,
  busy,
  onReview,
}: {
  /** Branch names offered as the form's choices (local, then the server's). */
  refs: string[];
  busy: boolean;
  onReview: (spec: GitReviewSpec) => void;
}) {
  const [reviewKind, setReviewKind] = useState<GitReviewSpec['kind']>('merge-base');
  const [refA, setRefA] = useState('');
  const [refB, setRefB] = useState('');
  return (
    <form
      className="git-review-form"
      aria-label="Review a change"
      onSubmit={(e) => {
        e.preventDefault();
        onReview(
          reviewKind === 'worktree'
            ? { kind: 'worktree' }
            : reviewKind === 'merge-base'
              ? { kind: 'merge-base', branch: refA.trim(), base: refB.trim() }
              : { kind: 'commits', from: refA.trim(), to: refB.trim() },
        );
      }}
    >
      <label>
        Review{' '}
        <select value={reviewKind} onChange={(e) => setReviewKind(e.target.value as GitReviewSpec['kind'])} data-testid="git-review-kind">
          <option value="merge-base">a branch against its merge base</option>
          <option value="commits">two commits</option>
          <option value="worktree">the working tree against HEAD</option>
        </select>
      </label>
      {reviewKind !== 'worktree' && (
        <div className="git-row">
          <input
            value={refA}
            onChange={(e) => setRefA(e.target.value)}
            list="git-refs"
            placeholder={reviewKind === 'merge-base' ? 'branch' : 'from (older)'}
            aria-label={reviewKind === 'merge-base' ? 'Branch to review' : 'From commit'}
            data-testid="git-review-a"
          />
          <input
            value={refB}
            onChange={(e) => setRefB(e.target.value)}
            list="git-refs"
            placeholder={reviewKind === 'merge-base' ? 'against (main)' : 'to (newer)'}
            aria-label={reviewKind === 'merge-base' ? 'Against branch' : 'To commit'}
            data-testid="git-review-b"
          />
          <datalist id="git-refs">
            {refs.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
        </div>
      )}
      <button type="submit" disabled={busy} data-testid="git-review-open">
        Review
      </button>
    </form>
  );
}
