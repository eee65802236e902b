/**
 * The depth a clone asks for, from the Commits field as typed: undefined for
 * the whole history; otherwise a whole number of commits, at least one, since
 * the field can hold anything while it is being edited (empty, a fraction, a minus).
 */
export const cloneDepth = (typed: string | undefined): number | undefined =>
  typed === undefined ? undefined : Math.max(1, Math.floor(Number(typed)) || 1);
