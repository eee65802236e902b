// Path rules for files whose content never leaves the machine.
import { minimatch } from 'minimatch';

/**
 * Files that hold credentials by their nature, whatever their content looks
 * like: env files of every flavour, key stores, tool credential files and
 * cluster configs. The secret guard reads content; these rules need no reading.
 */
export const DEFAULT_NEVER_SEND: readonly string[] = [
  '**/secrets/**',
  // With dot matching, `**/*.env` also matches a bare `.env`.
  '**/*.env',
  '**/.env.*',
  '**/*.pem',
  '**/*.key',
  '**/*.p12',
  '**/*.pfx',
  '**/*.jks',
  '**/*.keystore',
  '**/id_rsa*',
  '**/id_dsa*',
  '**/id_ecdsa*',
  '**/id_ed25519*',
  '**/.npmrc',
  '**/.pypirc',
  '**/.netrc',
  '**/_netrc',
  '**/.git-credentials',
  '**/.htpasswd',
  '**/credentials.json',
  '**/.aws/credentials',
  '**/.docker/config.json',
  '**/.kube/config',
  '**/*kubeconfig*',
  '**/*.tfvars',
];

/** The first never-send glob that matches the file, if any. */
export function neverSendRuleFor(file: string, globs: readonly string[]): string | undefined {
  const path = file.replace(/\\/g, '/').replace(/^\/+/, '');
  // matchBase: a glob without a slash (`*.env`) matches the file name in any folder.
  return globs.find((g) => minimatch(path, g, { dot: true, nocase: true, matchBase: !g.includes('/') }));
}
