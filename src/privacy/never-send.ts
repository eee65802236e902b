// Path rules for files whose content never leaves the machine.
import { minimatch } from 'minimatch';

/**
 * Files that hold credentials by their nature, whatever their content looks
 * like: env files of every flavour, key stores, tool credential files,
 * infrastructure state and cluster configs. The list follows what
 * well-kept scanners (gitleaks, GitGuardian, detect-secrets) and GitHub's
 * gitignore templates treat as secret stores; docs/privacy.md gives each
 * one's reason. The secret guard reads content; these rules need no reading.
 */
export const DEFAULT_NEVER_SEND: readonly string[] = [
  '**/secrets/**',
  '**/secrets.{yaml,yml,json,toml,env,ini,xml,properties}',
  '**/secret.{yaml,yml,json}',
  '**/*.secret',
  '**/*.secrets',
  // With dot matching, `**/*.env` also matches a bare `.env`.
  '**/*.env',
  '**/.env.*',
  '**/.env-*',
  '**/.env_*',
  '**/*.env.*',
  '**/.envrc',
  '**/*.pem',
  '**/*.key',
  '**/*.p12',
  '**/*.pfx',
  '**/*.pkcs12',
  '**/*.p8',
  '**/*.jks',
  '**/*.keystore',
  '**/*.bks',
  '**/*.ppk',
  '**/*.keytab',
  '**/*.kdbx',
  '**/*.ovpn',
  '**/id_rsa*',
  '**/id_dsa*',
  '**/id_ecdsa*',
  '**/id_ed25519*',
  '**/*_rsa',
  '**/*_dsa',
  '**/*_ecdsa',
  '**/*_ed25519',
  '**/.ssh/**',
  '**/.gnupg/**',
  '**/secring.*',
  '**/.npmrc',
  '**/.npmrc.*',
  '**/.npmrc-*',
  '**/.yarnrc',
  '**/.pypirc',
  '**/.gem/credentials',
  '**/.cargo/credentials',
  '**/.cargo/credentials.toml',
  '**/.composer/auth.json',
  '**/.netrc',
  '**/_netrc',
  '**/.git-credentials',
  '**/.pgpass',
  '**/.my.cnf',
  '**/.vault-token',
  '**/.htpasswd',
  '**/wp-config.php',
  '**/.aws/credentials',
  '**/.boto',
  '**/.s3cfg',
  '**/.docker/config.json',
  '**/.dockercfg',
  '**/.dockerconfigjson',
  '**/.kube/config',
  '**/*kubeconfig*',
  '**/.config/gh/hosts.yml',
  '**/.config/hub',
  '**/credentials',
  '**/credentials.{json,yml,yaml,toml,xml,ini,conf,cfg,csv,txt,properties}',
  '**/*_credentials.json',
  '**/*-credentials.json',
  '**/*service-account*.json',
  '**/*service_account*.json',
  '**/*serviceaccount*.json',
  '**/sa-key*.json',
  '**/*-sa-key*.json',
  '**/*_sa_key*.json',
  '**/*.tfstate',
  '**/*.tfstate.*',
  '**/*.tfvars',
  '**/*.tfvars.json',
  '**/.terraformrc',
  '**/terraform.rc',
];

/**
 * Content that makes a file never-send whatever its name: a Google Cloud
 * service-account key (a JSON document with `"private_key"` and
 * `"client_email"`) is a whole credential, its other fields included.
 */
const CONTENT_RULES: readonly { name: string; test: (text: string) => boolean }[] = [
  {
    name: 'a service-account key (JSON with "private_key" and "client_email")',
    test: (t) => /"private_key"\s*:/.test(t) && /"client_email"\s*:/.test(t),
  },
];

/** The content rule a file's text meets, if any (docs/privacy.md). */
export function neverSendContentRuleFor(text: string): string | undefined {
  return CONTENT_RULES.find((r) => r.test(text))?.name;
}

/** The first never-send glob that matches the file, if any. */
export function neverSendRuleFor(file: string, globs: readonly string[]): string | undefined {
  const path = file.replace(/\\/g, '/').replace(/^\/+/, '');
  // matchBase: a glob without a slash (`*.env`) matches the file name in any folder.
  return globs.find((g) => minimatch(path, g, { dot: true, nocase: true, matchBase: !g.includes('/') }));
}
