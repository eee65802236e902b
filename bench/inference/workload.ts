// What the inference bench completes: one Python file at 50 and at 5,000
// lines, cursor in the middle of a line in the middle of the file, and the
// options shared by the Node and browser halves.
import type { CompletionContext } from '../../src/completion';

export interface BenchOptions {
  /** Folder under public/models/fixtures/ (a real-architecture fixture). */
  model: string;
  /** Tokens generated per completion: the model never stops early, so exactly this many. */
  maxNewTokens: number;
  /** Timed repetitions per measurement (after warm-up), in Node and in the browser. */
  reps: number;
  browserReps: number;
  /** Prompt budget in tokens for context windowing (prefix + suffix). */
  promptBudget: number;
  browser: boolean;
}

const BODY = [
  'def parse_record_{i}(line: str) -> dict:',
  '    fields = line.strip().split(",")',
  '    if len(fields) < 3:',
  '        raise ValueError(f"bad record {i}: {line!r}")',
  '    return {"id": int(fields[0]), "name": fields[1], "score": float(fields[2])}',
  '',
];

/** A syntactically valid Python file of exactly `lines` lines. */
export function pythonFile(lines: number): string {
  const out: string[] = ['import sys', ''];
  for (let i = 0; out.length < lines; i++) out.push(...BODY.map((l) => l.replaceAll('{i}', String(i))));
  return out.slice(0, lines).join('\n') + '\n';
}

/**
 * The request for a file with a hole: the return line nearest the middle is
 * cut after `return ` (the cursor), so the cursor is at the end of its line,
 * where an editor shows ghost text. `text` is the file as the editor holds it.
 */
export function completionPoint(file: string, language = 'python', maxNewTokens = 32) {
  const lines = file.split('\n');
  let line = Math.floor(lines.length / 2);
  while (line < lines.length - 1 && !lines[line].includes('return ')) line++;
  lines[line] = lines[line].slice(0, lines[line].indexOf('return ') + 'return '.length);
  const prefix = lines.slice(0, line + 1).join('\n');
  const suffix = '\n' + lines.slice(line + 1).join('\n');
  const ctx: CompletionContext & { file: string; text: string; line: number } = {
    prefix,
    suffix,
    language,
    maxNewTokens,
    file: 'main.py',
    text: prefix + suffix,
    line: line + 1,
  };
  return ctx;
}

/** The fixtures' tokenizer is one token per UTF-8 byte, so this count is exact for them. */
export const byteTokens = (text: string) => Buffer.byteLength(text, 'utf8');

/** The FIM prompt's length in the fixtures' tokens: the code's bytes and the three FIM tokens. */
export const fimPromptTokens = (ctx: { prefix: string; suffix: string }) => byteTokens(ctx.prefix + ctx.suffix) + 3;
