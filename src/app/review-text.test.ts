import { describe, expect, it } from 'vitest';
import { isReviewable, plural, reviewPrivacyText, savedText } from './review-text';

describe('review sandbox text', () => {
  it('counts are pluralised', () => {
    expect(plural(1, 'hunk')).toBe('1 hunk');
    expect(plural(0, 'conflict')).toBe('0 conflicts');
  });
  it('only hunks that changed the file can be accepted or reverted', () => {
    expect(['applied', 'accepted', 'reverted'].every((s) => isReviewable(s as never))).toBe(true);
    expect(isReviewable('conflict')).toBe(false);
    expect(isReviewable('already-applied')).toBe(false);
  });
  it('the saved note says whether the review survives a reload, and why not', () => {
    expect(savedText('saved')).toBe('Kept in this browser across a reload.');
    expect(savedText('saving')).toBe('Saving the review…');
    expect(savedText({ notKept: 'the browser refused to store it' })).toBe('Not kept across a reload: the browser refused to store it.');
  });
  it('the banner names where code may go when escalation is on', () => {
    expect(reviewPrivacyText(true, '')).toMatch(/^Local only: code under review never leaves this machine/);
    expect(reviewPrivacyText(false, 'to gpu-box')).toMatch(/^Escalation is on \(to gpu-box\)\. Switch on "Local only"/);
  });
});
