import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfigText } from './config-check';

const shipped = fs.readFileSync(new URL('../public/config.json', import.meta.url), 'utf8');
const ENDPOINT = { url: 'https://llm.corp.example/v1', model: 'coder', family: 'qwen2.5-coder', timeoutMs: 8000, maxTokens: 64 };

describe('config:check', () => {
  it('accepts the shipped config.json and an organisation endpoint that is allowed', () => {
    expect(checkConfigText(shipped)).toEqual({ ok: true, lines: [] });
    const org = { endpoint: ENDPOINT, privacy: { allowedEndpoints: ['https://llm.corp.example'], lockEndpoint: true } };
    expect(checkConfigText(JSON.stringify(org))).toEqual({ ok: true, lines: [] });
  });

  it('names each problem by its key and what it must be, as the app would', () => {
    const bad = { router: { threshold: 3 }, device: 'gpu', endpoint: ENDPOINT };
    const r = checkConfigText(JSON.stringify(bad));
    expect(r.ok).toBe(false);
    expect(r.lines).toEqual(
      expect.arrayContaining([
        'error: router.threshold 3 must be between 0 and 1',
        'error: device "gpu" must be auto, webgpu or wasm',
        expect.stringMatching(
          /^error: endpoint\.url https:\/\/llm\.corp\.example is not an allowed destination \(privacy\.allowedEndpoints: /,
        ),
      ]),
    );
    expect(r.lines.at(-1)).toMatch(/ignore this whole file/);
  });

  it('flags unknown keys, by path, and JSON that is not a config', () => {
    expect(checkConfigText('{"router":{"treshold":0.4}}').lines).toEqual([expect.stringMatching(/^error: unknown key router\.treshold /)]);
    expect(checkConfigText('{"model": ').lines[0]).toMatch(/^config\.json is not valid JSON \(/);
    expect(checkConfigText('[]').lines).toEqual(['config.json must be a JSON object ({ ... }) of settings']);
  });

  it("rejects an endpoint on the page's own origin when told where the IDE is served", () => {
    const own = {
      endpoint: { ...ENDPOINT, url: 'https://ide.corp.example/v1' },
      privacy: { allowedEndpoints: ['https://ide.corp.example'] },
    };
    expect(checkConfigText(JSON.stringify(own)).ok).toBe(true);
    expect(checkConfigText(JSON.stringify(own), 'https://ide.corp.example').lines[0]).toMatch(/this page's own origin/);
  });

  it("accepts docs/deployment.md's example config.json", () => {
    const doc = fs.readFileSync(new URL('../docs/deployment.md', import.meta.url), 'utf8');
    const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(examples.length).toBeGreaterThan(0);
    for (const text of examples) expect(checkConfigText(text, 'https://ide.corp.example')).toEqual({ ok: true, lines: [] });
  });

  it('exits 0 for a good file, 1 for a bad one (errors on stderr with the file name), 2 for a flag it does not read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-check-'));
    try {
      const good = path.join(dir, 'good.json');
      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(good, shipped);
      fs.writeFileSync(bad, '{"privacy":{"mode":"sometimes"}}');
      const run = (...args: string[]) => {
        try {
          return {
            code: 0,
            out: execFileSync(path.join('node_modules', '.bin', 'tsx'), ['scripts/config-check.ts', ...args], {
              encoding: 'utf8',
              stdio: 'pipe',
            }),
          };
        } catch (e) {
          const err = e as { status: number; stderr: string };
          return { code: err.status, out: err.stderr };
        }
      };
      expect(run(good)).toEqual({ code: 0, out: `${good}: ok, the app applies it as it is\n` });
      const r = run(bad);
      expect(r.code).toBe(1);
      expect(r.out).toContain(`${bad}: error: privacy.mode "sometimes" must be local-only or escalate`);
      const own = path.join(dir, 'own-origin.json');
      fs.writeFileSync(
        own,
        JSON.stringify({
          endpoint: { ...ENDPOINT, url: 'https://ide.corp.example/v1' },
          privacy: { allowedEndpoints: ['https://ide.corp.example'] },
        }),
      );
      expect(run(own, '--origin', 'https://ide.corp.example')).toMatchObject({
        code: 1,
        out: expect.stringContaining("this page's own origin"),
      });
      expect(run('--origin=https://ide.corp.example', own).code).toBe(1);
      expect(run(good, '--orgin', 'https://ide.corp.example')).toMatchObject({
        code: 2,
        out: expect.stringMatching(/Unknown option '--orgin'[\s\S]*usage: npm run config:check FILE/),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
