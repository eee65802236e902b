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

/** The package specifiers ort-wasm.ts imports with `?url`, by extension. */
function urlImports(): Record<'mjs' | 'wasm', string[]> {
  const src = fs.readFileSync(path.join(__dirname, 'ort-wasm.ts'), 'utf8');
  const specs = [...src.matchAll(/from '([^']+)\?url'/g)].map((m) => m[1]);
  return { mjs: specs.filter((s) => s.endsWith('.mjs')), wasm: specs.filter((s) => s.endsWith('.wasm')) };
}

describe('ONNX Runtime files', () => {
  it("the WebGPU build's are the ones the bundle transformers.js imports refers to", () => {
    expect(read('@huggingface/transformers/dist/transformers.web.js')).toContain('from "onnxruntime-web/webgpu"');
    const bundle = read('onnxruntime-web/dist/ort.webgpu.bundle.min.mjs');
    const wasm = new Set(bundle.match(/ort-wasm[\w.-]*\.wasm/g));
    const mjs = new Set(bundle.match(/ort-wasm[\w.-]*\.mjs/g));
    const imports = urlImports();
    expect(imports.wasm[0]).toBe([...wasm].map((f) => `onnxruntime-web/${f}`).join());
    expect(imports.mjs[0]).toBe([...mjs].map((f) => `onnxruntime-web/${f}`).join());
  });

  it('each build is imported as Vite assets from the installed package, a matching pair; the CPU-only build is the smaller', () => {
    const { mjs, wasm } = urlImports();
    expect(mjs).toHaveLength(2);
    expect(wasm).toHaveLength(2);
    const sizes = [];
    for (let i = 0; i < 2; i++) {
      const [mjsFile, wasmFile] = [require.resolve(mjs[i]), require.resolve(wasm[i])];
      // Same folder of the same package: the .mjs and .wasm of one ORT build.
      expect(path.dirname(mjsFile)).toBe(path.dirname(wasmFile));
      expect(path.dirname(mjsFile)).toBe(path.join(nodeModules, 'onnxruntime-web', 'dist'));
      expect(fs.readFileSync(mjsFile, 'utf8')).toContain(path.basename(wasmFile));
      sizes.push(fs.statSync(wasmFile).size);
    }
    expect(sizes[1]).toBeLessThan(sizes[0]);
  });

  it('.mjs files are the ones the dev server sends untransformed', () => {
    expect(RAW_IN_DEV).toEqual(urlImports().mjs);
  });
});
