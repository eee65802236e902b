// The workers name ONNX Runtime's files (ORT_FILES, ort-wasm.ts); transformers.js
// imports ORT's WebGPU bundle, whose own `new URL('<file>.wasm', import.meta.url)`
// Vite emits. One .wasm ships only while both name the same file, and the
// served .mjs must be the one built for that .wasm.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORT_FILES } from './vendor-assets';

const nodeModules = path.resolve(__dirname, '../../node_modules');
const read = (rel: string) => fs.readFileSync(path.join(nodeModules, rel), 'utf8');

describe('ONNX Runtime files', () => {
  it('are the ones the bundle transformers.js imports refers to', () => {
    expect(read('@huggingface/transformers/dist/transformers.web.js')).toContain('from "onnxruntime-web/webgpu"');
    const bundle = read('onnxruntime-web/dist/ort.webgpu.bundle.min.mjs');
    const wasm = new Set(bundle.match(/ort-wasm[\w.-]*\.wasm/g));
    const mjs = new Set(bundle.match(/ort-wasm[\w.-]*\.mjs/g));
    const ortWasmImport = fs.readFileSync(path.join(__dirname, 'ort-wasm.ts'), 'utf8').match(/'onnxruntime-web\/(ort-wasm[\w.-]*\.wasm)\?url'/)?.[1];
    expect([...wasm]).toEqual([ortWasmImport]);
    expect([...mjs]).toEqual([path.basename(ORT_FILES.mjs)]);
  });
});
