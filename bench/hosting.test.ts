import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { visitBytes, withoutCompression } from './hosting';

describe('hosting bench', () => {
  it("switches off the shipped site's compression and nothing else", () => {
    const site = fs.readFileSync('deploy/nginx/router-ide.conf', 'utf8');
    const off = withoutCompression(site);
    expect(off).toMatch(/server \{\n\s+gzip off;/);
    expect(off).not.toMatch(/^\s*gzip_(static|types)\s/m);
    expect(
      off
        .replace(/^\s*gzip off;\n/m, '')
        .split('\n')
        .filter((l) => !/^\s*gzip/.test(l)),
    ).toEqual(site.split('\n').filter((l) => !/^\s*gzip/.test(l)));
    expect(() => withoutCompression('server {\n}\n')).toThrow(/no gzip lines/);
  });

  it('counts model weights apart from the rest', () => {
    const r = (uri: string, bytes: number) => ({ method: 'GET', uri, status: 200, bytes, encoding: '' });
    expect(
      visitBytes([r('/', 100), r('/models/m/onnx/model.onnx', 5000), r('/models/m/tokenizer.json', 30), r('/assets/a.wasm', 7)]),
    ).toEqual({
      appBytes: 137,
      responses: 3,
      weightsBytes: 5000,
    });
  });
});
