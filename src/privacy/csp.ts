// The built app's Content-Security-Policy, derived from the organisation's
// config: the page may connect only to itself, the model source and the
// configured escalation origins, each named exactly. The browser then enforces what the
// egress policy promises, even against a bug in our own code.
import type { AppConfig } from '../vocabulary/config';
import { isValidSourceExpression } from './destinations';

const HUB_SOURCES = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co'];

function modelSources(model: AppConfig['model']): string[] {
  switch (model.source.kind) {
    case 'hub':
      return HUB_SOURCES;
    case 'url':
      return [new URL(model.source.url).origin];
    case 'bundled':
      return [];
  }
}

/**
 * The escalation origins the built app may reach: the configured endpoint's,
 * and each allowed destination that names exactly one origin. A range
 * (`http://127.0.0.1:*`, `https://*.corp.example`) is left out: the browser's
 * own check is then as narrow as the organisation's configuration, and a
 * redirect or a mistyped setting cannot reach another host or port in it.
 */
function endpointOrigins(cfg: Pick<AppConfig, 'endpoint' | 'privacy'>): string[] {
  const exact = cfg.privacy.allowedEndpoints
    .filter((e) => isValidSourceExpression(e) && !e.includes('*'))
    .map((e) => new URL(e.trim()).origin);
  return [...new Set([...(cfg.endpoint ? [new URL(cfg.endpoint.url).origin] : []), ...exact])];
}

/** The configured Git server's origin: the only one Git traffic may go to. */
function gitOrigins(cfg: Pick<AppConfig, 'git'>): string[] {
  try {
    return cfg.git?.server ? [new URL(cfg.git.server).origin] : [];
  } catch {
    return [];
  }
}

interface CspOptions {
  /** More connect-src sources (test builds: the loopback servers the end-to-end tests start on random ports). */
  extraConnect?: readonly string[];
}

export function buildCsp(cfg: AppConfig, opts: CspOptions = {}): string {
  const connect = new Set([
    "'self'",
    ...modelSources(cfg.model),
    ...endpointOrigins(cfg),
    ...gitOrigins(cfg),
    ...(opts.extraConnect ?? []),
  ]);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // WebAssembly (ONNX Runtime, tree-sitter) needs wasm-unsafe-eval; ONNX Runtime
    // loads its cached factory from a blob: URL.
    'script-src': ["'self'", "'wasm-unsafe-eval'", 'blob:'],
    // The service worker (offline, isolation) and the inference and syntax workers.
    'worker-src': ["'self'", 'blob:'],
    // The installable app's web app manifest.
    'manifest-src': ["'self'"],
    // Monaco sets inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...connect],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}
