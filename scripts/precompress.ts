// A Vite build step: `.gz` and `.br` copies beside the build's compressible
// assets, for hosts that serve a file's pre-compressed twin (nginx's
// gzip_static, a brotli_static module, CDNs). ONNX Runtime's WASM, the
// grammars and the bundles shrink about fourfold, and compressing once at
// the highest levels beats a server compressing each response on the fly.
// Only the content-hashed assets: config.json, the page and the models keep
// one copy each, so a config.json mounted over the shipped one (Docker) is
// never shadowed by a stale .gz.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** The extensions worth compressing: text and WASM (images and fonts here are compressed already, except SVG). */
export const COMPRESSIBLE = ['.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.map'] as const;

/** Below this, a compressed twin saves less than its extra request costs a host to look up. */
const MIN_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Writes FILE.gz and FILE.br for every compressible file of `dir` (recursively); returns the files compressed. */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && (COMPRESSIBLE as readonly string[]).includes(path.extname(e.name)))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => fs.statSync(f).size >= MIN_BYTES);
  await Promise.all(
    files.map(async (file) => {
      const body = fs.readFileSync(file);
      const [gz, br] = await Promise.all([
        gzip(body, { level: 9 }),
        brotli(body, {
          params: {
            // 11 (the maximum) takes minutes on the runtime's WASM for a few percent.
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      ]);
      fs.writeFileSync(`${file}.gz`, gz);
      fs.writeFileSync(`${file}.br`, br);
    }),
  );
  return files;
}

/** The build step: after Vite wrote the bundle, compresses its assets folder. Production builds only (what hosts serve). */
export function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && env.mode === 'production',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      if (fs.existsSync(assetsDir)) await precompressDir(assetsDir);
    },
  };
}
