// The review sandbox's words for hunks, files and the saved review, kept apart from its markup
// so that they are tested in Node.
import type { FileStatus, HunkState } from '../workspace/diff';
import type { ReviewSaved } from './hooks/use-review';

export const HUNK_LABEL: Record<HunkState, string> = {
  applied: 'applied, not reviewed yet',
  accepted: 'accepted',
  reverted: 'reverted',
  'already-applied': 'already applied: the file has it, nothing changed',
  conflict: 'conflict',
};

export const FILE_LABEL: Record<FileStatus, string> = {
  modified: 'modified',
  created: 'created',
  deleted: 'deleted',
  renamed: 'renamed',
  'already-applied': 'already applied: nothing changed',
  conflict: 'did not apply',
};

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Only a hunk that changed the file can be accepted or reverted; one that did not apply has nothing to undo. */
export const isReviewable = (s: HunkState) => s === 'applied' || s === 'accepted' || s === 'reverted';

/** Whether the review survives a reload, and why not when it does not. */
export function savedText(saved: ReviewSaved): string {
  if (saved === 'saved') return 'Kept in this browser across a reload.';
  if (saved === 'saving') return 'Saving the review…';
  return `Not kept across a reload: ${saved.notKept}.`;
}

/** The banner over the review: where code under review may go. */
export function reviewPrivacyText(localOnly: boolean, egressText: string): string {
  return localOnly
    ? 'Local only: code under review never leaves this machine. Completions use the local model only.'
    : `Escalation is on (${egressText}). Switch on "Local only" in the header to keep code under review on this machine.`;
}
