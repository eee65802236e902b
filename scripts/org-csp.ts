// The Content-Security-Policy of a build, from the organisation's
// public/config.json: one function for the build's meta tag, `vite preview`
// and the host configurations under deploy/, so they cannot disagree.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CONFIG, judgeOrgConfig, parseOrgConfig } from '../src/config';
import type { AppConfig } from '../src/vocabulary';
import { buildCsp } from '../src/privacy';

/**
 * The end-to-end tests start their loopback model servers on random ports and
 * point the app at them from Settings; only a test build (`--mode test`)
 * lets the page connect to them.
 */
const TEST_BUILD_CONNECT = ['http://localhost:*', 'http://127.0.0.1:*'];

/** The config a build's policy is made from: config.json, or the defaults when it is unusable (as in the app). */
export function buildTimeConfig(configFile: string): AppConfig {
  if (!fs.existsSync(configFile)) return DEFAULT_CONFIG;
  const parsed = parseOrgConfig(fs.readFileSync(configFile, 'utf8'));
  return 'layer' in parsed ? judgeOrgConfig(parsed.layer).config : DEFAULT_CONFIG;
}

/** The policy for the project's public/config.json; `mode` is Vite's (`test` adds loopback). */
export function orgCsp(mode: string, root = fileURLToPath(new URL('..', import.meta.url))): string {
  const cfg = buildTimeConfig(path.join(root, 'public', 'config.json'));
  return buildCsp(cfg, mode === 'test' ? { extraConnect: TEST_BUILD_CONNECT } : {});
}
