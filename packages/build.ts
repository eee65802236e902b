// `npm run packages`: builds the embedding packages (docs/embedding.md) into
// each one's dist/: ES modules and one bundled .d.ts, from the app's own
// modules (the packages hold no copy of them).
//
// The engine's workers are entries of their own (dist/inference.worker.js,
// dist/syntax.worker.js), and the engine starts them with the literal
// `new Worker(new URL('./<name>.worker.js', import.meta.url), { type: 'module' })`.
// That is the form a host's bundler understands: Vite (and webpack 5) bundle
// such a file as a worker of the host's app and emit the files it names with
// `new URL('<file>', import.meta.url)` (ONNX Runtime, tree-sitter and its
// grammars), so the packed package works in a host's build as it is. Vite's
// library mode cannot be used: it inlines every asset as base64, and a worker
// with ONNX Runtime's WASM inlined is a hundred megabytes of JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The engine's workers: their source and the file each becomes in dist/. */
const WORKERS = [
  { source: 'src/completion/worker/inference.worker.ts', file: 'inference.worker.js' },
  // The origin's shared model (setting model.sharedWorker): started as `new SharedWorker(new URL(...))`.
  { source: 'src/completion/worker/inference-shared.worker.ts', file: 'inference-shared.worker.js' },
  { source: 'workers/syntax.worker.ts', file: 'syntax.worker.js' },
] as const;

/** Marks a worker's URL so that Vite leaves it alone while bundling; the literal is written in at the end. */
const MARK = '__ROUTER_IDE_WORKER_FILE__';

/**
 * The engine's `new URL('<path>/<name>.worker.ts', import.meta.url)` (the
 * model's workers in src/completion/worker/, the syntax worker in workers/),
 * made `new URL('./<name>.worker.js', import.meta.url)` in the output: the
 * worker file next to the entry, in the form the host's bundler reads.
 */
function workersBeside(): Plugin {
  const sources = new Map(WORKERS.map((w) => [path.basename(w.source), w.file]));
  return {
    name: 'workers-beside-the-entry',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(path.join(ROOT, 'src/completion/browser/'))) return null;
      const out = code.replace(
        /new URL\('(?:\.\.\/)+(?:workers|worker)\/([\w.-]+\.worker\.ts)', import\.meta\.url\)/g,
        (whole, name: string) => {
          const file = sources.get(name);
          if (!file) throw new Error(`packages/build.ts: the engine starts ${name}, which WORKERS does not list`);
          return `new URL(${MARK}(${JSON.stringify(file)}), import.meta.url)`;
        },
      );
      return out === code ? null : { code: out, map: null };
    },
    renderChunk(code) {
      const out = code.replace(new RegExp(`${MARK}\\(("[\\w.-]+")\\)`, 'g'), (_m, file: string) => `"./${JSON.parse(file)}"`);
      return out === code ? null : { code: out, map: null };
    },
  };
}

interface PackageBuild {
  /** Folder under packages/. */
  dir: string;
  /** Entry modules: dist/<name>.js from each. */
  entries: Record<string, string>;
  /** Bare imports left to the host (peer dependencies). */
  external?: (id: string) => boolean;
  plugins?: Plugin[];
}

const PACKAGES: PackageBuild[] = [
  {
    dir: 'completion-engine',
    entries: {
      index: 'packages/completion-engine/src/index.ts',
      ...Object.fromEntries(WORKERS.map((w) => [w.file.replace(/\.js$/, ''), w.source])),
    },
    plugins: [workersBeside()],
  },
  {
    dir: 'codemirror',
    entries: { index: 'packages/codemirror/src/index.ts' },
    // The host's own CodeMirror: two copies of @codemirror/state in one page break its instanceof checks.
    external: (id) => id.startsWith('@codemirror/') || id === '@router-ide/completion-engine',
  },
  {
    dir: 'monaco',
    entries: { index: 'packages/monaco/src/index.ts' },
    // The host passes its own monaco namespace: the package imports only its types.
    external: (id) => id === 'monaco-editor' || id.startsWith('monaco-editor/') || id === '@router-ide/completion-engine',
  },
];

/**
 * Vite names the helper its build puts around dynamic imports `__vitePreload`
 * (and its table `__vite__mapDeps`); a host's Vite declares the same names in
 * the modules it bundles, so a host build of the package stopped on "already
 * declared". The package's copies get names of their own.
 */
function ownHelperNames(dir: string): void {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.m?js$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const code = fs.readFileSync(file, 'utf8');
    const renamed = code.replace(/\b__vitePreload\b/g, '__routerIdePreload').replace(/\b__vite__mapDeps\b/g, '__routerIde__mapDeps');
    if (renamed !== code) fs.writeFileSync(file, renamed);
  }
}

async function buildPackage(p: PackageBuild): Promise<void> {
  const outDir = path.join(ROOT, 'packages', p.dir, 'dist');
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    root: ROOT,
    configFile: false,
    publicDir: false,
    // Relative URLs: every file is found next to the module that names it, wherever the host puts the package.
    base: './',
    logLevel: 'warn',
    mode: 'production',
    plugins: p.plugins ?? [],
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // Readable output: the host's bundler minifies its own build.
      minify: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 8000,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(p.entries).map(([name, file]) => [name, path.join(ROOT, file)])),
        preserveEntrySignatures: 'strict',
        // web-tree-sitter's own eval and the bundler's timing notes are not this build's to fix.
        onLog(level, log, handler) {
          if (log.code !== 'EVAL' && log.code !== 'PLUGIN_TIMINGS') handler(level, log);
        },
        ...(p.external && { external: p.external }),
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'assets/[name]-[hash].js' },
      },
    },
  });
  ownHelperNames(outDir);
  // One declaration file for the package's API, with the app's types it names inlined.
  const bundle = await rollup({
    input: path.join(ROOT, p.entries.index),
    plugins: [dts({ tsconfig: path.join(ROOT, 'tsconfig.json'), compilerOptions: { noEmit: false } })],
    ...(p.external && { external: p.external }),
  });
  await bundle.write({ file: path.join(outDir, 'index.d.ts'), format: 'es' });
  await bundle.close();
}

const only = process.argv.slice(2);
for (const p of PACKAGES) {
  if (only.length && !only.includes(p.dir)) continue;
  const started = Date.now();
  await buildPackage(p);
  console.log(`packages/${p.dir}/dist built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
