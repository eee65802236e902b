// The built app's Content-Security-Policy, derived from the organisation's
// config: the page may connect only to itself, the model source and the
// allowed escalation destinations. The browser then enforces what the
// egress policy promises, even against a bug in our own code.
import type { AppConfig } from '../config/types';

const HUB_SOURCES = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co'];

export function modelSources(model: AppConfig['model']): string[] {
  switch (model.source.kind) {
    case 'hub': return HUB_SOURCES;
    case 'url': return [new URL(model.source.url).origin];
    case 'bundled': return [];
  }
}

export function buildCsp(cfg: AppConfig): string {
  const connect = new Set(["'self'", ...modelSources(cfg.model), ...cfg.privacy.allowedEndpoints]);
  if (cfg.endpoint) connect.add(new URL(cfg.endpoint.url).origin);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // WebAssembly (ONNX Runtime, tree-sitter) needs wasm-unsafe-eval; ONNX Runtime
    // loads its cached factory from a blob: URL.
    'script-src': ["'self'", "'wasm-unsafe-eval'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    // Monaco sets inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...connect],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
}
