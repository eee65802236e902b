import { describe, expect, it } from 'vitest';
import { findSecrets, redactSecrets } from './secret-guard';

const UUID = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
const B64_USER_PASS = btoa('deployer:s3cr3t-Passw0rd');

/** [what, file name, text, the credential that must not survive redaction] */
const CASES: [string, string, string, string][] = [
  ['npm legacy token in a file not named .npmrc', 'web/npmrc.ci', `//npm.pkg.corp.example/:_authToken=${UUID}\nalways-auth=true\n`, UUID],
  ['npm legacy token, real .npmrc name', 'ci/.npmrc', `//npm.pkg.corp.example/:_authToken=${UUID}\n`, UUID],
  ['npm _auth in a CI script', 'ci/npmrc-nexus', `registry=https://nexus.corp.example/\n_auth=${B64_USER_PASS}\n`, B64_USER_PASS],
  [
    'npm _password',
    'scripts/setup.sh',
    `echo "//nexus.corp.example/:_password=${btoa('Tr0ub4dor&3x')}" >> ~/.npmrc\n`,
    btoa('Tr0ub4dor&3x'),
  ],
  ['yarn npmAuthToken', '.yarnrc.yml', `npmScopes:\n  corp:\n    npmAuthToken: "${UUID}"\n`, UUID],
  ['curl -u user:password', 'deploy.sh', '#!/bin/sh\ncurl -fsS -u admin:hunter2plus https://ci.corp.example/api/job\n', 'hunter2plus'],
  ['curl --user=', 'Makefile', 'release:\n\tcurl --user=ci:Wq8zLm3vX https://nexus/upload\n', 'Wq8zLm3vX'],
  ['curl -uuser:password', 'x.sh', 'curl -sS -uci:Wq8zLm3vXa -X POST https://x/\n', 'Wq8zLm3vXa'],
  ['curl with continuation lines', 'x.sh', 'curl -fsS \\\n  --user "ops:correcthorse" \\\n  https://x/\n', 'correcthorse'],
  [
    'curl -u TOKEN: (the user is the key)',
    'x.sh',
    'curl https://api.stripe.example/v1/charges -u rk_prod_4eC39HqLyjWDarjtT1zdp7dc:\n',
    'rk_prod_4eC39HqLyjWDarjtT1zdp7dc',
  ],
  ['wget --password', 'fetch.sh', 'wget --user=bob --password=plainsecret https://x/f.tgz\n', 'plainsecret'],
  ['wget --http-password', 'fetch.sh', 'wget --http-user=bob --http-password=plainsecret https://x/f.tgz\n', 'plainsecret'],
  ['curl --oauth2-bearer', 'x.sh', 'curl --oauth2-bearer 9f8e7d6c5b4a39281706f5e4 https://x/\n', '9f8e7d6c5b4a39281706f5e4'],
  ['any tool --password=', 'backup.sh', 'pg_dump --password=Zx81mQ4vT2pL db > out.sql\n', 'Zx81mQ4vT2pL'],
  ['docker login -p', 'ci.yml', 'script:\n  - docker login -u ci -p Zx81mQ4vT2pLq registry.corp\n', 'Zx81mQ4vT2pLq'],
  ['.netrc line', 'notes/netrc.txt', 'machine api.corp.example login bob password Pa55word99\n', 'Pa55word99'],
  [
    '.netrc token as login',
    'conf/netrc',
    'machine github.com\n  login 0123456789abcdefABCDEF0123456789abcd\n  password x-oauth-basic\n',
    '0123456789abcdefABCDEF0123456789abcd',
  ],
  ['.git-credentials line', 'backup/git-creds.txt', 'https://deployer:Zx81mQ4vT2pL@git.corp.example\n', 'Zx81mQ4vT2pL'],
  [
    'URL whose user is a token',
    'README.md',
    'git clone https://9f8e7d6c5b4a39281706f5e4d3c2b1a0@git.corp.example/x.git\n',
    '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  ],
  ['.pgpass line', 'db/pgpass.conf', 'db.corp.example:5432:app:admin:Qw3rtyUi0p\n', 'Qw3rtyUi0p'],
  ['URL with userinfo', 'app.py', 'DSN = "https://admin:S3cretPw0rd@internal.example/api"\n', 'S3cretPw0rd'],
  ['Docker auths', 'ci/docker.json', `{"auths":{"registry.corp":{"auth":"${B64_USER_PASS}"}}}\n`, B64_USER_PASS],
  ['Docker identity token', 'ci/docker.json', '{"auths":{"registry.corp":{"identitytoken":"Zx81mQ4vT2pLq9"}}}\n', 'Zx81mQ4vT2pLq9'],
  [
    'kubeconfig bootstrap token',
    'ops/cluster.yaml',
    'users:\n- name: admin\n  user:\n    token: abcdef.0123456789abcdef\n',
    'abcdef.0123456789abcdef',
  ],
  [
    'kubeconfig client-key-data',
    'ops/cluster.yaml',
    `users:\n- name: admin\n  user:\n    client-key-data: ${btoa('not a pem but secret bytes 1234')}\n`,
    btoa('not a pem but secret bytes 1234'),
  ],
];

describe('tool credential formats, found by content in any file', () => {
  it.each(CASES)('%s', async (_what, file, text, secret) => {
    const found = await findSecrets(text, file);
    expect(found.length, text).toBeGreaterThan(0);
    const redacted = redactSecrets(text, found);
    expect(redacted).not.toContain(secret);
    // No 6-character piece of it either.
    for (let i = 0; i + 6 <= secret.length; i++) expect(redacted).not.toContain(secret.slice(i, i + 6));
  });

  it.each([
    ['code naming a token', 'this._authToken = newToken;\nthis._password = options.password;\n'],
    ['an npm token from the environment', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n'],
    ['git push -u', 'git push -u origin main\n'],
    ['docker run -u', 'docker run -u 1000:1000 image\n'],
    ['curl with variables', 'curl -u "$USER:$PASS" https://x/\ncurl --user=$CI_USER:${CI_PASS} https://x/\n'],
    ['a documented placeholder', 'wget --password=<password> https://x/\ncurl -u user:password https://x/\n'],
    ['argparse flags', 'parser.add_argument("--password", help="the password")\n'],
    ['a tokenizer grammar', 'rules:\n  - token: keyword.control\n  - token: string.quoted.double\n'],
    ['a netrc without a password', 'machine example.com login bob\n'],
    ['an object literal with a token field', 'const x = {\n            token: tokens[0].token,\n};\n'],
    [
      'a URL with a placeholder password, also percent-encoded',
      "parse('http://user:pass@example.com');\nparse('http://user%3Apass%40evil.com/');\n",
    ],
  ])('%s is no credential', async (_what, text) => {
    expect(await findSecrets(text)).toEqual([]);
  });
});
