// Fill-in-the-middle prompt templates per model family. Servers disagree on
// server-side FIM (vLLM, TGI and llama.cpp reject `suffix`), so both the local
// and the large model get their prompt built here, on the client.
import type { FimFamily } from './types';

interface FimTemplate {
  family: FimFamily;
  build(prefix: string, suffix: string): string;
  /** Strings that end the middle: the family's FIM and end-of-text tokens. */
  stopTokens: readonly string[];
  /**
   * The repository-level format the family was trained with, when it has one:
   * other files go before the file being completed, each under its path.
   * Families without one get other files as comments (src/prompt/prompt.ts).
   */
  repository?: RepositoryFormat;
  /**
   * The template ends with the middle marker, so text placed after it is read
   * as the middle's beginning (the middle is trained token by token after
   * its marker). prompt.ts can then put the cursor's line there.
   */
  middleLast?: boolean;
}

interface RepositoryFormat {
  /** Opens the prompt: the repository's name. */
  header(repoName: string): string;
  /** One other file (or a part of it) under its path. */
  file(path: string, text: string): string;
  /** Announces the file being completed; its FIM prompt follows. */
  current(path: string): string;
}

const QWEN_STOPS = [
  '<|endoftext|>',
  '<|fim_prefix|>',
  '<|fim_middle|>',
  '<|fim_suffix|>',
  '<|fim_pad|>',
  '<|repo_name|>',
  '<|file_sep|>',
  '<|im_start|>',
  '<|im_end|>',
] as const;

const TEMPLATES: Record<FimFamily, FimTemplate> = {
  'qwen2.5-coder': {
    family: 'qwen2.5-coder',
    middleLast: true,
    build: (p, s) => `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`,
    stopTokens: QWEN_STOPS,
    // Qwen2.5-Coder's repository-level FIM format (its model card): <|repo_name|>, then <|file_sep|> path, newline, content per file.
    repository: {
      header: (name) => `<|repo_name|>${name}\n`,
      file: (path, text) => `<|file_sep|>${path}\n${text}\n`,
      current: (path) => `<|file_sep|>${path}\n`,
    },
  },
  'deepseek-coder': {
    family: 'deepseek-coder',
    middleLast: true,
    // Full-width bars and U+2581, exactly as in the tokenizer's added tokens.
    build: (p, s) => `<｜fim▁begin｜>${p}<｜fim▁hole｜>${s}<｜fim▁end｜>`,
    stopTokens: ['<｜fim▁begin｜>', '<｜fim▁hole｜>', '<｜fim▁end｜>', '<｜end▁of▁sentence｜>'],
  },
  starcoder: {
    family: 'starcoder',
    middleLast: true,
    build: (p, s) => `<fim_prefix>${p}<fim_suffix>${s}<fim_middle>`,
    stopTokens: ['<fim_prefix>', '<fim_suffix>', '<fim_middle>', '<file_sep>', '<|endoftext|>'],
  },
  codellama: {
    family: 'codellama',
    build: (p, s) => `<PRE> ${p} <SUF>${s} <MID>`,
    stopTokens: ['<PRE>', '<SUF>', '<MID>', '<EOT>'],
  },
  codegemma: {
    family: 'codegemma',
    middleLast: true,
    build: (p, s) => `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`,
    stopTokens: ['<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>', '<|file_separator|>', '<end_of_turn>', '<eos>'],
  },
  codestral: {
    family: 'codestral',
    build: (p, s) => `[SUFFIX]${s}[PREFIX]${p}`,
    stopTokens: ['[PREFIX]', '[SUFFIX]'],
  },
};

export const FIM_FAMILIES = Object.keys(TEMPLATES) as FimFamily[];

class UnknownFimFamilyError extends Error {
  constructor(family: string) {
    super(
      `Unknown FIM family "${family}". Known families: ${FIM_FAMILIES.join(', ')}. ` +
        'Set "family" in the model or endpoint configuration to one of them.',
    );
    this.name = 'UnknownFimFamilyError';
  }
}

export function fimTemplate(family: string): FimTemplate {
  const t = (TEMPLATES as Record<string, FimTemplate | undefined>)[family];
  if (!t) throw new UnknownFimFamilyError(family);
  return t;
}

export function buildFimPrompt(family: string, prefix: string, suffix: string): string {
  return fimTemplate(family).build(prefix, suffix);
}

/**
 * Cut generated text at the first stop token. Servers that do not know our
 * template's tokens as special tokens return them as plain text, so the
 * client must cut them itself.
 */
export function cutAtStopTokens(text: string, stops: readonly string[]): { text: string; stopped: boolean } {
  let cut = -1;
  for (const s of stops) {
    const i = text.indexOf(s);
    if (i >= 0 && (cut < 0 || i < cut)) cut = i;
  }
  return cut < 0 ? { text, stopped: false } : { text: text.slice(0, cut), stopped: true };
}
