import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/defaults';
import type { AppConfig } from '../vocabulary/config';
import { endpointUrlProblems } from './destinations';
import { neverSendRuleFor } from './never-send';
import { egressVerdict } from './policy';

const endpoint = { url: 'http://127.0.0.1:8000/v1', model: 'm', family: 'qwen2.5-coder' as const, timeoutMs: 1000, maxTokens: 16 };
const cfg = (over: Partial<AppConfig['privacy']> = {}, ep: AppConfig['endpoint'] = endpoint) => ({
  privacy: { ...DEFAULT_CONFIG.privacy, ...over },
  endpoint: ep,
});

describe('egress policy', () => {
  it('allows the configured, allowed endpoint in escalate mode', () => {
    expect(egressVerdict(cfg())).toEqual({
      allowed: true,
      destination: '127.0.0.1:8000',
      rules: { neverSend: DEFAULT_CONFIG.privacy.neverSend, secrets: 'block' },
    });
  });
  it('local-only blocks even with an endpoint', () => {
    expect(egressVerdict(cfg({ mode: 'local-only' }))).toMatchObject({ allowed: false, block: 'local-only' });
  });
  it('no endpoint means escalation is off', () => {
    expect(egressVerdict(cfg({}, null))).toMatchObject({ allowed: false, block: 'no-endpoint' });
  });
  it('a destination outside the allowed list is refused, naming the list', () => {
    const v = egressVerdict(cfg({}, { ...endpoint, url: 'https://evil.example.com/v1' }));
    expect(v).toMatchObject({ allowed: false, block: 'destination' });
    expect(!v.allowed && v.reason).toMatch(/not an allowed destination.*127\.0\.0\.1:\*/);
  });
  it('never-send globs block by file path', () => {
    const v = egressVerdict(cfg(), { file: 'app/secrets/db.py' });
    expect(v).toMatchObject({ allowed: false, block: 'never-send' });
    expect(!v.allowed && v.reason).toContain('**/secrets/**');
    expect(egressVerdict(cfg(), { file: 'app/main.py' }).allowed).toBe(true);
  });
  it('offline, an escalation is not attempted, and the reason names it and the destination', () => {
    const v = egressVerdict(cfg(), { offline: true });
    expect(v).toMatchObject({ allowed: false, block: 'offline' });
    expect(!v.allowed && v.reason).toBe('this machine is offline, so nothing was sent to 127.0.0.1:8000');
    // A policy block is still the reason when it applies: offline is not the only thing in the way.
    expect(egressVerdict(cfg({ mode: 'local-only' }), { offline: true })).toMatchObject({ block: 'local-only' });
    expect(egressVerdict(cfg(), { offline: false }).allowed).toBe(true);
  });
});

describe('never-send globs', () => {
  // One file per default glob, as the tools that write them name them.
  const cases: [string, string][] = [
    ['app/secrets/db.py', '**/secrets/**'],
    ['src/deep/secrets/x.java', '**/secrets/**'],
    ['config/secrets.yaml', '**/secrets.{yaml,yml,json,toml,env,ini,xml,properties}'],
    ['helm/secrets.yml', '**/secrets.{yaml,yml,json,toml,env,ini,xml,properties}'],
    ['app/secrets.json', '**/secrets.{yaml,yml,json,toml,env,ini,xml,properties}'],
    ['k8s/secret.yaml', '**/secret.{yaml,yml,json}'],
    ['deploy/client.secret', '**/*.secret'],
    ['ci/prod.secrets', '**/*.secrets'],
    ['deploy/prod.env', '**/*.env'],
    ['config/.env', '**/*.env'],
    ['.env.local', '**/.env.*'],
    ['web/.env.production', '**/.env.*'],
    ['web/.env-production', '**/.env-*'],
    ['api/.env_prod', '**/.env_*'],
    ['deploy/prod.env.local', '**/*.env.*'],
    ['.envrc', '**/.envrc'],
    ['certs/server.PEM', '**/*.pem'],
    ['tls/server.key', '**/*.key'],
    ['certs/client.p12', '**/*.p12'],
    ['certs/signing.pfx', '**/*.pfx'],
    ['certs/client.pkcs12', '**/*.pkcs12'],
    ['ios/AuthKey_ABC123.p8', '**/*.p8'],
    ['android/release.jks', '**/*.jks'],
    ['android/debug.keystore', '**/*.keystore'],
    ['android/release.bks', '**/*.bks'],
    ['keys/server.ppk', '**/*.ppk'],
    ['krb/service.keytab', '**/*.keytab'],
    ['vault/passwords.kdbx', '**/*.kdbx'],
    ['vpn/office.ovpn', '**/*.ovpn'],
    ['home/dev/.ssh/id_rsa', '**/id_rsa*'],
    ['keys/id_dsa', '**/id_dsa*'],
    ['keys/id_ecdsa', '**/id_ecdsa*'],
    ['keys/id_ed25519', '**/id_ed25519*'],
    ['deploy/deploy_rsa', '**/*_rsa'],
    ['deploy/github_dsa', '**/*_dsa'],
    ['deploy/ci_ecdsa', '**/*_ecdsa'],
    ['deploy/ci_ed25519', '**/*_ed25519'],
    ['home/dev/.ssh/config', '**/.ssh/**'],
    ['home/dev/.gnupg/private-keys-v1.d/A1.key', '**/*.key'],
    ['home/dev/.gnupg/pubring.kbx', '**/.gnupg/**'],
    ['backup/secring.gpg', '**/secring.*'],
    ['.npmrc', '**/.npmrc'],
    ['packages/app/.npmrc', '**/.npmrc'],
    ['packages/app/.npmrc.bak', '**/.npmrc.*'],
    ['ci/.npmrc-nexus', '**/.npmrc-*'],
    ['.yarnrc', '**/.yarnrc'],
    ['.pypirc', '**/.pypirc'],
    ['home/dev/.gem/credentials', '**/.gem/credentials'],
    ['home/dev/.cargo/credentials', '**/.cargo/credentials'],
    ['home/dev/.cargo/credentials.toml', '**/.cargo/credentials.toml'],
    ['home/dev/.composer/auth.json', '**/.composer/auth.json'],
    ['/home/dev/.netrc', '**/.netrc'],
    ['C:\\Users\\dev\\_netrc', '**/_netrc'],
    ['.git-credentials', '**/.git-credentials'],
    ['home/dev/.pgpass', '**/.pgpass'],
    ['home/dev/.my.cnf', '**/.my.cnf'],
    ['home/dev/.vault-token', '**/.vault-token'],
    ['site/.htpasswd', '**/.htpasswd'],
    ['blog/wp-config.php', '**/wp-config.php'],
    ['/root/.aws/credentials', '**/.aws/credentials'],
    ['home/dev/.boto', '**/.boto'],
    ['home/dev/.s3cfg', '**/.s3cfg'],
    ['.docker/config.json', '**/.docker/config.json'],
    ['home/dev/.dockercfg', '**/.dockercfg'],
    ['ci/.dockerconfigjson', '**/.dockerconfigjson'],
    ['home/ci/.kube/config', '**/.kube/config'],
    ['clusters/prod-kubeconfig.yaml', '**/*kubeconfig*'],
    ['kubeconfig', '**/*kubeconfig*'],
    ['home/dev/.config/gh/hosts.yml', '**/.config/gh/hosts.yml'],
    ['home/dev/.config/hub', '**/.config/hub'],
    ['deploy/credentials', '**/credentials'],
    ['gcp/credentials.json', '**/credentials.{json,yml,yaml,toml,xml,ini,conf,cfg,csv,txt,properties}'],
    ['config/credentials.yml', '**/credentials.{json,yml,yaml,toml,xml,ini,conf,cfg,csv,txt,properties}'],
    ['gcloud/application_default_credentials.json', '**/*_credentials.json'],
    ['ci/google-credentials.json', '**/*-credentials.json'],
    ['keys/prod-service-account.json', '**/*service-account*.json'],
    ['keys/my_service_account.json', '**/*service_account*.json'],
    ['keys/serviceaccount.json', '**/*serviceaccount*.json'],
    ['keys/sa-key.json', '**/sa-key*.json'],
    ['keys/deployer-sa-key.json', '**/*-sa-key*.json'],
    ['keys/deployer_sa_key.json', '**/*_sa_key*.json'],
    ['infra/terraform.tfstate', '**/*.tfstate'],
    ['infra/terraform.tfstate.backup', '**/*.tfstate.*'],
    ['infra/prod.tfvars', '**/*.tfvars'],
    ['infra/prod.tfvars.json', '**/*.tfvars.json'],
    ['home/dev/.terraformrc', '**/.terraformrc'],
    ['home/dev/terraform.rc', '**/terraform.rc'],
  ];
  it.each(cases)('%s matches %s', (file, glob) => {
    expect(neverSendRuleFor(file, DEFAULT_CONFIG.privacy.neverSend)).toBe(glob);
  });
  it('every default glob has a case above', () => {
    expect(new Set(cases.map(([, g]) => g))).toEqual(new Set(DEFAULT_CONFIG.privacy.neverSend));
  });
  it('a bare file-name glob matches in any folder', () => {
    expect(neverSendRuleFor('a/b/credentials.json', ['credentials.json'])).toBe('credentials.json');
  });
  it.each([
    'src/environment.py',
    'docs/secrets.md',
    'keys.py',
    'src/env.ts',
    'docs/credentials.md',
    'k8s/deploy.yaml',
    'package.json',
    '.docker/daemon.json',
    'src/aws/credentials.ts',
    'src/keystore.ts',
    'config.json',
    'src/environment.ts',
    'src/secretStore.ts',
    'docs/secrets-handling.md',
    'web/npmrc.ts',
    'tsconfig.json',
    'keybindings.json',
    'src/tokens.rs',
    'infra/main.tf',
  ])('%s is not matched', (file) => {
    expect(neverSendRuleFor(file, DEFAULT_CONFIG.privacy.neverSend)).toBeUndefined();
  });
});

describe('destinations', () => {
  it('matches CSP source expressions', () => {
    // A URL with nothing else wrong is allowed exactly when it matches the one allowed expression.
    const matchesSourceExpression = (url: URL, expr: string) => endpointUrlProblems(url.href, [expr]).length === 0;
    expect(matchesSourceExpression(new URL('http://127.0.0.1:4242/v1'), 'http://127.0.0.1:*')).toBe(true);
    expect(matchesSourceExpression(new URL('https://gpu.corp.example/v1'), 'https://*.corp.example')).toBe(true);
    expect(matchesSourceExpression(new URL('https://corp.example.evil.com/'), 'https://*.corp.example')).toBe(false);
    expect(matchesSourceExpression(new URL('https://gpu.corp.example:8443/'), 'https://gpu.corp.example')).toBe(false);
    expect(matchesSourceExpression(new URL('http://gpu:80/'), 'https://gpu')).toBe(false);
  });
  it('refuses URLs with credentials, other schemes and the page itself, with reasons', () => {
    const allowed = ['http://127.0.0.1:*', 'http://localhost:*'];
    expect(endpointUrlProblems('http://bob:pw@127.0.0.1:8000/v1', allowed)[0]).toMatch(/must not contain a user name or password/);
    expect(endpointUrlProblems('ftp://127.0.0.1/v1', allowed)[0]).toMatch(/must start with http:\/\/ or https:\/\//);
    expect(endpointUrlProblems('http://localhost:5173/v1', allowed, 'http://localhost:5173')[0]).toMatch(/page's own origin/);
    expect(endpointUrlProblems('gpu-box:8000', allowed)[0]).toMatch(/must start with http/);
    expect(endpointUrlProblems('not a url', allowed)[0]).toMatch(/not a URL/);
    expect(endpointUrlProblems('http://127.0.0.1:8000/v1', allowed)).toEqual([]);
  });
});
