// `npm run prompt -- --root DIR --file PATH --line N --column N [--family F] [--budget T]`:
// the exact local prompt the app would build for a cursor in a file of a
// folder taken as the workspace (through the app's request path,
// src/completion/common/request.ts, and the worker's prompt builder), then a JSON
// summary as the last line: {"snippets": [{"file", "tokens"}], "prompt_tokens": N}.
// A debugging aid, and the harness's way into repository-level evaluation.
// Tokens are counted with the tokenizer of --model (default: the bundled
// demo model, whose byte-level tokenizer counts UTF-8 bytes; name a real
// model folder for real counts). Exit status: 0, or 2 on a usage error.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  localRequestOf,
  prepareRequest,
  requestSettings,
  StableSnippetChooser,
  WorkspaceIndex,
  type WorkspaceFile,
} from '../src/completion';
import { FIM_FAMILIES, fimTemplate } from '../src/vocabulary';
import { DEFAULT_CONFIG } from '../src/config';
import { localPromptFor } from '../src/completion';
import { languageFromFileName } from '../src/languages';

const USAGE = `usage: npm run prompt -- --root DIR --file PATH --line N --column N [--family F] [--budget T]
  --root DIR        the folder taken as the workspace (.git and node_modules left out)
  --file PATH       the file being edited, relative to --root
  --line, --column  the cursor, 1-based (as editors count)
  --family F        FIM family: ${FIM_FAMILIES.join(', ')} (default qwen2.5-coder)
  --budget T        prompt budget in tokens (default ${DEFAULT_CONFIG.model.maxPromptTokens}, the configured limit)
  --share S         share of the budget for snippets of other files (default ${DEFAULT_CONFIG.context.share})
  --recent A,B      files viewed lately, most recent first (relative to --root)
  --model NAME      tokenizer: a model folder under --model-root (default fixture-valid, the demo model)
  --model-root DIR  where --model lives (default public/models/fixtures; run npm run fixtures first)`;

class UsageError extends Error {}

/** Workspace limits as the app's import has them: text files up to 5 MB, at most 10,000. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 10_000;
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

function readWorkspace(root: string): WorkspaceFile[] {
  const out: WorkspaceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (out.length >= MAX_FILES) return;
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) {
        if (!SKIPPED_DIRS.has(name)) walk(p);
      } else if (st.isFile() && st.size <= MAX_FILE_BYTES) {
        const bytes = readFileSync(p);
        if (bytes.subarray(0, 8192).includes(0)) continue; // binary
        out.push({ path: relative(root, p).split('\\').join('/'), text: bytes.toString('utf8') });
      }
    }
  };
  walk(root);
  return out;
}

/** The character offset of a 1-based line and column, or a usage error saying what the file has. */
function offsetOf(text: string, line: number, column: number, file: string): number {
  const lines = text.split('\n');
  if (!(Number.isInteger(line) && line >= 1 && line <= lines.length))
    throw new UsageError(`--line ${line}: ${file} has lines 1 to ${lines.length}`);
  const len = lines[line - 1].length;
  if (!(Number.isInteger(column) && column >= 1 && column <= len + 1))
    throw new UsageError(`--column ${column}: line ${line} of ${file} has columns 1 to ${len + 1}`);
  return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
}

export interface PromptOptions {
  root: string;
  file: string;
  line: number;
  column: number;
  family: string;
  budget: number;
  share: number;
  recent: string[];
  countTokens: (text: string) => number;
}

export interface PromptReport {
  prompt: string;
  summary: { snippets: { file: string; tokens: number }[]; prompt_tokens: number };
}

/** The prompt the app builds for this cursor: the same request preparation and prompt builder as the engine and the worker. */
function localPromptAt(o: PromptOptions): PromptReport {
  if (!existsSync(o.root) || !statSync(o.root).isDirectory()) throw new UsageError(`--root ${o.root}: no such folder`);
  fimTemplate(o.family); // an unknown family is a usage error with the known ones listed
  const files = readWorkspace(o.root);
  const file = o.file.split('\\').join('/').replace(/^\.\//, '');
  const current = files.find((f) => f.path === file);
  if (!current) throw new UsageError(`--file ${o.file}: not a text file of the workspace ${o.root}`);
  const at = offsetOf(current.text, o.line, o.column, file);
  const index = new WorkspaceIndex(files);
  const chooser = new StableSnippetChooser(index);
  const recent = o.recent.filter((p) => index.has(p));
  const settings = requestSettings(
    {
      ...DEFAULT_CONFIG,
      context: { ...DEFAULT_CONFIG.context, share: o.share },
    },
    { promptBudget: o.budget, maxNewTokens: DEFAULT_CONFIG.model.maxNewTokens },
  );
  const { ctx, router } = prepareRequest(
    { prefix: current.text.slice(0, at), suffix: current.text.slice(at), language: languageFromFileName(file) ?? 'plaintext', file },
    settings,
    { chooser, recentlyEdited: () => [], recentlyViewed: () => recent },
  );
  const built = localPromptFor({ countTokens: o.countTokens }, o.family, localRequestOf(ctx, router));
  return { prompt: built.prompt, summary: { snippets: built.snippets, prompt_tokens: o.countTokens(built.prompt) } };
}

async function tokenizerCounter(modelRoot: string, model: string): Promise<(t: string) => number> {
  if (!existsSync(join(modelRoot, model, 'tokenizer.json'))) {
    throw new UsageError(
      `--model ${model}: no tokenizer.json in ${join(modelRoot, model)} (run npm run fixtures, or name a model folder with --model-root)`,
    );
  }
  const { AutoTokenizer, env } = await import('@huggingface/transformers');
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = `${resolve(modelRoot)}/`;
  const tok = await AutoTokenizer.from_pretrained(model);
  return (t) => tok.encode(t, { add_special_tokens: false }).length;
}

const positive = (v: string | undefined, name: string, fallback?: number): number => {
  if (v === undefined && fallback !== undefined) return fallback;
  const n = Number(v);
  if (v === undefined || !Number.isFinite(n)) throw new UsageError(`--${name} is required and must be a number`);
  return n;
};

async function main(argv = process.argv.slice(2)): Promise<number> {
  try {
    const { values: v } = parseArgs({
      args: argv,
      strict: true,
      options: {
        root: { type: 'string' },
        file: { type: 'string' },
        line: { type: 'string' },
        column: { type: 'string' },
        family: { type: 'string' },
        budget: { type: 'string' },
        share: { type: 'string' },
        recent: { type: 'string' },
        model: { type: 'string' },
        'model-root': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (v.help) {
      console.log(USAGE);
      return 0;
    }
    if (!v.root || !v.file) throw new UsageError('--root and --file are required');
    const budget = positive(v.budget, 'budget', DEFAULT_CONFIG.model.maxPromptTokens);
    if (!(budget >= 64)) throw new UsageError(`--budget ${budget}: at least 64 tokens`);
    const share = positive(v.share, 'share', DEFAULT_CONFIG.context.share);
    if (!(share >= 0 && share <= 0.9)) throw new UsageError(`--share ${share}: from 0 to 0.9`);
    const report = localPromptAt({
      root: resolve(v.root),
      file: v.file,
      line: positive(v.line, 'line'),
      column: positive(v.column, 'column'),
      family: v.family ?? 'qwen2.5-coder',
      budget,
      share,
      recent: v.recent
        ? v.recent
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
      countTokens: await tokenizerCounter(v['model-root'] ?? 'public/models/fixtures', v.model ?? 'fixture-valid'),
    });
    process.stdout.write(`${report.prompt}\n${JSON.stringify(report.summary)}\n`);
    return 0;
  } catch (e) {
    const usage =
      e instanceof UsageError ||
      (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ||
      (e as Error).name === 'UnknownFimFamilyError';
    console.error(`prompt: ${(e as Error).message}${usage ? `\n${USAGE}` : ''}`);
    return usage ? 2 : 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main().then((code) => process.exit(code));
}
