// Escalation with snippets of other files, with real parts: the fixture
// model that always writes invalid code (so the router escalates), the
// tree-sitter validator, the request path of src/completion/common/request.ts and
// loopback llama.cpp, OpenAI-compatible and Ollama servers. What leaves is checked
// on the server's side of the socket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlamaCppServer } from '../../../testing/servers/llamacpp-server';
import { startOllamaServer } from '../../../testing/servers/ollama-server';
import { startOpenAIServer } from '../../../testing/servers/openai-server';
import type { LoopbackHandle } from '../../../testing/servers/loopback';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
import { DEFAULT_CONFIG } from '../../config/defaults';
import type { AppConfig, EndpointConfig } from '../../vocabulary/config';
import { createEscalationClient } from '../../endpoint';
import { localModelPort } from '../worker/fim-completion';
import { loadLocalModel, type LoadedModel } from '../worker/local-model';
import { Ledger } from '../../privacy/ledger';
import { egressVerdict } from '../../privacy/policy';
import { createNodeValidator } from '../../syntax/node-runtime';
import { runCompletion } from './pipeline';
import { docOf } from '../../../testing/completion/string-document';
import { windowAround } from './text-window';
import { prepareRequest, requestSettings } from './request';
import { StableSnippetChooser, WorkspaceIndex } from './workspace-context';

const dir = mkdtempSync(join(tmpdir(), 'pipeline-context-'));
let model: LoadedModel;
let llama: LoopbackHandle;
let openai: LoopbackHandle;
let ollama: LoopbackHandle;
const validator = createNodeValidator();
const SECRET_FILE_TEXT = 'DB_PASSWORD = "s3cr3t-in-env-file"';

const files = [
  { path: 'app/main.py', text: 'from app.util import scale\nfrom app import settings\n\ndef run(x):\n    return ' },
  { path: 'app/util.py', text: 'def scale(x, k):\n    return x * k\n' },
  // A never-send file (matches **/*.env) whose name the code uses: retrieval may pick it for the local prompt, never for the wire.
  { path: 'app/settings.env', text: SECRET_FILE_TEXT },
  { path: 'app/settings.py', text: 'def settings():\n    return {"scale": 2}\n' },
];

beforeAll(async () => {
  await writeFixtureModels(dir);
  model = await loadLocalModel({ model: 'fixture-invalid', source: { kind: 'bundled', root: dir }, device: 'cpu' });
  llama = await startLlamaCppServer({ kind: 'ok', text: 'scale(x, 2)' });
  openai = await startOpenAIServer({ kind: 'ok', text: 'scale(x, 2)' });
  ollama = await startOllamaServer({ kind: 'ok', text: 'scale(x, 2)' });
});
afterAll(async () => {
  await llama.close();
  await openai.close();
  await ollama.close();
  await model.dispose();
  rmSync(dir, { recursive: true, force: true });
});

interface Workspace {
  files: { path: string; text: string }[];
  /** The file being edited (the cursor at its end). */
  main: string;
  recentlyEdited: string[];
  secrets?: 'block' | 'redact';
}
const SETTINGS_WORKSPACE: Workspace = { files, main: 'app/main.py', recentlyEdited: ['app/settings.env'] };

async function escalate(
  server: LoopbackHandle,
  protocol: EndpointConfig['protocol'],
  more: Partial<EndpointConfig> = {},
  ws: Workspace = SETTINGS_WORKSPACE,
) {
  const endpoint: EndpointConfig = {
    url: server.url,
    model: 'big',
    family: 'qwen2.5-coder',
    timeoutMs: 5000,
    maxTokens: 16,
    protocol,
    ...more,
  };
  const cfg: AppConfig = { ...DEFAULT_CONFIG, endpoint, privacy: { ...DEFAULT_CONFIG.privacy, secrets: ws.secrets ?? 'block' } };
  const index = new WorkspaceIndex(ws.files);
  const chooser = new StableSnippetChooser(index);
  const main = ws.files.find((f) => f.path === ws.main)!;
  const { ctx, router } = prepareRequest({ prefix: main.text, suffix: '\n', language: 'python', file: main.path }, requestSettings(cfg), {
    chooser,
    recentlyEdited: () => ws.recentlyEdited,
    recentlyViewed: () => [],
  });
  const ledger = new Ledger();
  const egress = egressVerdict(cfg, { file: main.path });
  const result = await runCompletion(
    ctx,
    router,
    egress,
    {
      local: localModelPort(model, 'qwen2.5-coder'),
      syntax: validator,
      escalation: egress.allowed ? createEscalationClient(endpoint) : undefined,
      onEgress: ({ contextFiles, ...e }) => {
        const settle = ledger.record({
          ...e,
          protocol: protocol ?? 'openai-completions',
          file: main.path,
          ...(contextFiles && { contextFiles }),
        });
        return (ok, detail) => settle(ok ? 'ok' : 'error', detail);
      },
    },
    new AbortController().signal,
  );
  return { result, ledger, ctx, body: server.requests[server.requests.length - 1].body };
}

describe('escalation with workspace snippets', () => {
  it('llama.cpp /infill: the snippets go as input_extra, a never-send file never; the ledger lists the files sent', async () => {
    const { result, ledger, body, ctx } = await escalate(llama, 'llamacpp-infill');
    expect(ctx.context?.snippets.map((s) => s.file)).toEqual(expect.arrayContaining(['app/util.py', 'app/settings.env']));
    expect(result.route).toBe('escalated');
    const extra = body.input_extra as { filename: string; text: string }[];
    expect(extra.map((e) => e.filename)).toContain('app/util.py');
    expect(extra.find((e) => e.filename === 'app/util.py')!.text).toContain('def scale(x, k):');
    expect(JSON.stringify(body)).not.toContain('s3cr3t-in-env-file');
    expect(body.input_prefix).toBe(files[0].text);
    expect(result.escalation?.withheldContext).toEqual([{ file: 'app/settings.env', why: 'matches never-send rule "**/*.env"' }]);
    expect(ledger.all()[0].contextFiles).toEqual(extra.map((e) => e.filename));
    expect(ledger.all()[0].contextFiles).not.toContain('app/settings.env');
  });

  it('OpenAI-compatible completions, FIM built in the browser: a Qwen model gets the snippets in its repository format, within the same rules', async () => {
    const { result, ledger, body } = await escalate(openai, 'openai-completions');
    expect(result.route).toBe('escalated');
    const prompt = body.prompt as string;
    expect(prompt.startsWith('<|repo_name|>app\n')).toBe(true);
    expect(prompt).toContain('<|file_sep|>app/util.py\ndef scale(x, k):\n    return x * k\n');
    expect(prompt).toContain('<|file_sep|>app/main.py\n<|fim_prefix|>from app.util import scale');
    expect(prompt).not.toContain('s3cr3t-in-env-file');
    expect(ledger.all()[0].contextFiles).toContain('app/util.py');
  });

  it('a server that applies the FIM template itself (Ollama: the suffix in its own field) gets the snippets as comments before the prefix', async () => {
    const { result, body } = await escalate(ollama, 'ollama-generate', { model: 'qwen2.5-coder:32b' });
    expect(result.route).toBe('escalated');
    const prompt = body.prompt as string;
    expect(prompt).toContain('# Path: app/util.py\n# def scale(x, k):\n#     return x * k\n');
    expect(prompt).not.toContain('<|file_sep|>');
    expect(prompt.indexOf('# Path: app/util.py')).toBeLessThan(prompt.indexOf('def run(x):'));
    expect(body.suffix).toBe('\n');
  });

  it('a family without a repository format gets the snippets as comments inside its FIM prompt', async () => {
    const { body } = await escalate(openai, 'openai-completions', { family: 'deepseek-coder' });
    const prompt = body.prompt as string;
    expect(prompt.startsWith('<｜fim▁begin｜># Path: ')).toBe(true);
    expect(prompt).toContain('# Path: app/util.py\n# def scale(x, k):\n#     return x * k\n');
    expect(prompt).not.toContain('<|file_sep|>');
  });
});

// A private key in another file, below it the function the cursor's file calls:
// the chunk retrieval picks holds the key's last lines and END marker, not its
// BEGIN line. The gate judges the whole file, so none of it reaches any server.
describe('a credential in another file never leaves as part of a snippet', () => {
  const keyLines = Array.from({ length: 25 }, (_, i) => `MIIE${String(i).padStart(2, '0')}${'dGxzLWtleS1ib2R5LWJ5dGVz'.repeat(2)}Q${i}`);
  const tls = [
    'import ssl',
    'TLS_KEY = """-----BEGIN PRIVATE KEY-----',
    ...keyLines,
    '-----END PRIVATE KEY-----"""',
    '',
    '_tls = ssl.create_default_context()',
    '_tls.load_cert_chain("cert.pem")',
    '_tls.set_ciphers("ECDHE")',
    '',
  ].join('\n');
  const ws = (secrets: 'block' | 'redact'): Workspace => ({
    files: [
      { path: 'deploy/tls.py', text: tls },
      {
        path: 'app/server.py',
        text: 'import ssl\n\ndef serve():\n    ctx = ssl.create_default_context()\n    ctx.set_ciphers("ECDHE")\n    ctx.load_cert_chain(',
      },
    ],
    main: 'app/server.py',
    recentlyEdited: ['deploy/tls.py'],
    secrets,
  });
  const leaked = (body: unknown) => [...keyLines.slice(-7), '-----END PRIVATE KEY-----'].filter((l) => JSON.stringify(body).includes(l));

  const protocols = [
    ['llama.cpp /infill', () => llama, 'llamacpp-infill', {}],
    ['OpenAI-compatible', () => openai, 'openai-completions', {}],
    ['Ollama', () => ollama, 'ollama-generate', { model: 'qwen2.5-coder:32b' }],
  ] as const;
  for (const [name, server, protocol, more] of protocols) {
    for (const secrets of ['block', 'redact'] as const) {
      it(`${name}, ${secrets} mode`, async () => {
        const { result, body, ctx } = await escalate(server(), protocol, more, ws(secrets));
        // The case is the one that leaked: a chosen snippet holds the key's tail without its BEGIN line.
        expect(
          ctx.context?.snippets.some((s) => s.file === 'deploy/tls.py' && s.text.includes(keyLines[24]) && !s.text.includes('BEGIN')),
        ).toBe(true);
        expect(result.route).toBe('escalated');
        expect(leaked(body)).toEqual([]);
        if (secrets === 'block') expect(result.escalation?.withheldContext?.[0].why).toContain('private-key on line 2 of deploy/tls.py');
        else expect(JSON.stringify(body)).toContain('REDACTED_PRIVATE_KEY');
      });
    }
  }
});

describe('a large file goes as a window, judged with its margins', () => {
  // A key whose BEGIN line lies before the window's start: the window holds its tail only.
  const keyLines = Array.from({ length: 60 }, (_, i) => `MIIF${String(i).padStart(2, '0')}${'bGFyZ2UtZmlsZS1rZXk'.repeat(3)}Q${i}`);
  const filler = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}_${i} = compute(${i})  # ${'.'.repeat(30)}`);
  function fileWithKeyAtWindowStart(): { text: string; w: ReturnType<typeof windowAround> } {
    for (let pad = 700; pad < 900; pad++) {
      const text = [
        ...filler(pad, 'a'),
        'KEY = """-----BEGIN PRIVATE KEY-----',
        ...keyLines,
        '-----END PRIVATE KEY-----"""',
        ...filler(1220, 'b'),
        'def total(x):\n    return ',
      ].join('\n');
      const w = windowAround(docOf(text), text.length);
      if (w.window && !w.prefix.includes('BEGIN') && keyLines.slice(1, -2).some((l) => w.prefix.startsWith(l))) return { text, w };
    }
    throw new Error('no padding puts the window start inside the key');
  }

  for (const secrets of ['block', 'redact'] as const) {
    it(`${secrets} mode: no line of the key leaves, and what leaves is the window, not the file`, async () => {
      const { text, w } = fileWithKeyAtWindowStart();
      const endpoint: EndpointConfig = {
        url: openai.url,
        model: 'big',
        family: 'qwen2.5-coder',
        timeoutMs: 5000,
        maxTokens: 16,
        protocol: 'openai-completions',
      };
      const cfg: AppConfig = { ...DEFAULT_CONFIG, endpoint, privacy: { ...DEFAULT_CONFIG.privacy, secrets } };
      const { ctx, router } = prepareRequest(
        { prefix: w.prefix, suffix: w.suffix, window: w.window, language: 'python', file: 'app/big.py' },
        requestSettings(cfg),
      );
      const before = openai.requests.length;
      const result = await runCompletion(
        ctx,
        router,
        egressVerdict(cfg, { file: 'app/big.py' }),
        {
          local: localModelPort(model, 'qwen2.5-coder'),
          syntax: validator,
          escalation: createEscalationClient(endpoint),
        },
        new AbortController().signal,
      );
      if (secrets === 'block') {
        expect(result).toMatchObject({ route: 'blocked', blockedBy: 'secret', bytesSent: 0 });
        expect(openai.requests.length).toBe(before);
      } else {
        expect(result.route).toBe('escalated');
        const body = JSON.stringify(openai.requests[openai.requests.length - 1].body);
        expect(keyLines.filter((l) => body.includes(l))).toEqual([]);
        expect(body).toContain('REDACTED_PRIVATE_KEY');
        expect(body.length).toBeLessThan(text.length - 10_000);
        expect(body).not.toContain('a_0 = compute(0)');
      }
    });
  }
});
