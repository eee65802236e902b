// The workers name ONNX Runtime's files (`?url` imports in ort-wasm.ts);
// transformers.js imports ORT's WebGPU bundle, whose own
// `new URL('<file>.wasm', import.meta.url)` Vite emits. One copy of the WebGPU
// build's .wasm ships only while both name the same file; the CPU-only build
// is the workers' own pair. Each .mjs must be the one built for its .wasm: all
// come from the installed package through Vite's asset pipeline, so the built
// app names each by its content hash (an upgrade changes all the URLs).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RAW_IN_DEV } from './vendor-assets';

const nodeModules = path.resolve(__dirname, '../../node_modules');
const read = (rel: string) => fs.readFileSync(path.join(nodeModules, rel), 'utf8');
const require = createRequire(import.meta.url);

/** The package specifiers ort-wasm.ts imports with `?url`. */
function urlImports(): string[] {
  const src = fs.readFileSync(path.join(__dirname, 'ort-wasm.ts'), 'utf8');
  return [...src.matchAll(/from '([^']+)\?url'/g)].map((m) => m[1]);
}

/** The imports paired by file name (`x.mjs` with `x.wasm`), whatever their order in the source. */
function importedPairs(): { mjs: string; wasm: string }[] {
  const specs = urlImports();
  const mjs = specs.filter((s) => s.endsWith('.mjs'));
  return mjs.map((m) => ({ mjs: m, wasm: specs.find((s) => s === m.replace(/\.mjs$/, '.wasm')) ?? '(no matching .wasm import)' }));
}

describe('ONNX Runtime files', () => {
  it("the WebGPU build's are the ones the bundle transformers.js imports refers to", () => {
    expect(read('@huggingface/transformers/dist/transformers.web.js')).toContain('from "onnxruntime-web/webgpu"');
    const bundle = read('onnxruntime-web/dist/ort.webgpu.bundle.min.mjs');
    const named = (ext: string) =>
      [...new Set(bundle.match(new RegExp(`ort-wasm[\\w.-]*\\.${ext}`, 'g')))].map((f) => `onnxruntime-web/${f}`);
    expect(named('wasm')).toHaveLength(1);
    expect(importedPairs()).toContainEqual({ mjs: named('mjs').join(), wasm: named('wasm').join() });
  });

  it('each build is imported as Vite assets from the installed package, a matching pair; the CPU-only build is the smaller', () => {
    const pairs = importedPairs();
    expect(pairs).toHaveLength(2);
    expect(urlImports()).toHaveLength(4);
    const sizes = new Map<string, number>();
    for (const pair of pairs) {
      const [mjsFile, wasmFile] = [require.resolve(pair.mjs), require.resolve(pair.wasm)];
      // Same folder of the same package: the .mjs and .wasm of one ORT build.
      expect(path.dirname(mjsFile)).toBe(path.dirname(wasmFile));
      expect(path.dirname(mjsFile)).toBe(path.join(nodeModules, 'onnxruntime-web', 'dist'));
      expect(fs.readFileSync(mjsFile, 'utf8')).toContain(path.basename(wasmFile));
      sizes.set(pair.wasm, fs.statSync(wasmFile).size);
    }
    const webGpu = sizes.get('onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm');
    const cpu = sizes.get('onnxruntime-web/ort-wasm-simd-threaded.wasm');
    expect(cpu).toBeLessThan(webGpu ?? 0);
  });

  it('.mjs files are the ones the dev server sends untransformed', () => {
    expect([...RAW_IN_DEV].sort()).toEqual(
      importedPairs()
        .map((p) => p.mjs)
        .sort(),
    );
  });
});
