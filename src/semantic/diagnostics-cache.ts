// The last few diagnoses of the types check, by everything that decides
// them, so that the same text and region is never checked twice: the text
// without the completion (the baseline) is the same for every completion
// offered at one cursor, and for each keystroke's check until the document
// changes away from it. Shared by both hosts of the types check, each
// naming what else its answer depends on (`env`: the imported files' texts,
// the packages it learnt, the lib), compared by identity or value.
import { BoundedCache } from '../platform/bounded-cache';
import type { TypeDiagnostic } from './type-diagnostics';

/** Enough for the completed and the baseline texts of a few completions at one cursor. */
const ENTRIES = 8;

interface Key {
  env: readonly unknown[];
  name: string;
  text: string;
  start: number;
  end: number;
}

export class DiagnosticsCache {
  // Keyed by the key object itself: `env` is compared by identity, so the match is a search, not a lookup.
  private readonly entries = new BoundedCache<Key, readonly TypeDiagnostic[]>(ENTRIES);

  /** The diagnostics of `text` over [start, end], diagnosed before under the same `env`; undefined: not cached. */
  get(env: readonly unknown[], name: string, text: string, start: number, end: number): readonly TypeDiagnostic[] | undefined {
    const hit = [...this.entries.keys()].find(
      (e) =>
        e.start === start &&
        e.end === end &&
        e.name === name &&
        e.env.length === env.length &&
        e.env.every((v, k) => v === env[k]) &&
        e.text === text,
    );
    return hit && this.entries.get(hit);
  }

  set(env: readonly unknown[], name: string, text: string, start: number, end: number, diagnostics: readonly TypeDiagnostic[]): void {
    this.entries.set({ env: [...env], name, text, start, end }, diagnostics);
  }
}
