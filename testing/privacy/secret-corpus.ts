// A corpus for the secret guard: credentials in the formats providers issue
// (random values, none real), placed where code really keeps them (.env,
// shell exports, YAML, JSON, .properties, TOML, code in several languages,
// HTTP headers, connection strings, Kubernetes and Docker config), and
// innocent look-alikes that must pass. The formats come from the providers'
// documentation and public scanners' rule sets (secretlint, gitleaks), not
// from our detectors. Deterministic: the same strings every run.
// The large innocent corpus is real code: scripts/secret-alarms.ts scans node_modules.
import { mulberry32 } from '../platform/prng';

const rand = mulberry32(20261130);
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';
const ALNUM = UPPER + LOWER + DIGITS;
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}-_`;
const picker = (r: () => number) => (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
const pick = picker(rand);
const b64 = (s: string) => btoa(s);
/** A PEM body that starts like real DER (`MII...`), as real keys do. */
const pemBody = (lines: number) => ['MII' + pick(B64, 61), ...Array.from({ length: lines - 1 }, () => pick(B64, 64))].join('\n');
const pem = (label: string, lines = 8) => `-----BEGIN ${label}-----\n${pemBody(lines)}\n-----END ${label}-----`;
const jwt = () => `eyJ${pick(URLSAFE, 30)}.eyJ${pick(URLSAFE, 60)}.${pick(URLSAFE, 43)}`;

export interface CorpusSample {
  name: string;
  text: string;
  /** For secrets: the kind the guard should report. */
  kind?: string;
  /** For secrets: the credential itself, as written in `text`, which redaction must remove. */
  value?: string;
  /** For credentials spelt otherwise: how (`yaml-block-scalar`, `base64`, `hex`, `escaped`, `aws-pair`). */
  form?: string;
  /** For encoded or escaped credentials: the secret as it reads once decoded, which must not leave either. */
  plain?: string;
}

/** A provider's credential: its kind, an environment-style name and a fresh value. */
interface Credential {
  kind: string;
  provider: string;
  name: string;
  make: () => string;
}

const CREDENTIALS: Credential[] = [
  { kind: 'aws-access-key', provider: 'AWS access key id', name: 'AWS_ACCESS_KEY_ID', make: () => `AKIA${pick(UPPER + '234567', 16)}` },
  { kind: 'aws-access-key', provider: 'AWS temporary key id', name: 'AWS_ACCESS_KEY_ID', make: () => `ASIA${pick(UPPER + '234567', 16)}` },
  { kind: 'aws-secret-key', provider: 'AWS secret access key', name: 'AWS_SECRET_ACCESS_KEY', make: () => pick(B64, 40) },
  { kind: 'gcp-api-key', provider: 'Google API key', name: 'GOOGLE_API_KEY', make: () => `AIza${pick(URLSAFE, 35)}` },
  { kind: 'github-token', provider: 'GitHub classic token', name: 'GITHUB_TOKEN', make: () => `ghp_${pick(ALNUM, 36)}` },
  { kind: 'github-token', provider: 'GitHub OAuth token', name: 'GH_OAUTH_TOKEN', make: () => `gho_${pick(ALNUM, 36)}` },
  { kind: 'github-token', provider: 'GitHub app token', name: 'GH_APP_TOKEN', make: () => `ghs_${pick(ALNUM, 36)}` },
  {
    kind: 'github-token',
    provider: 'GitHub fine-grained token',
    name: 'GITHUB_PAT',
    make: () => `github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}`,
  },
  { kind: 'gitlab-token', provider: 'GitLab personal token', name: 'GITLAB_TOKEN', make: () => `glpat-${pick(URLSAFE, 20)}` },
  {
    kind: 'slack-token',
    provider: 'Slack bot token',
    name: 'SLACK_BOT_TOKEN',
    make: () => `xoxb-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick(ALNUM, 24)}`,
  },
  {
    kind: 'slack-token',
    provider: 'Slack user token',
    name: 'SLACK_USER_TOKEN',
    make: () => `xoxp-${pick(DIGITS, 12)}-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick(HEX, 32)}`,
  },
  {
    kind: 'slack-webhook',
    provider: 'Slack webhook URL',
    name: 'SLACK_WEBHOOK_URL',
    make: () => `https://hooks.slack.com/services/T${pick(UPPER + DIGITS, 10)}/B${pick(UPPER + DIGITS, 10)}/${pick(ALNUM, 24)}`,
  },
  { kind: 'stripe-key', provider: 'Stripe live secret key', name: 'STRIPE_SECRET_KEY', make: () => `sk_live_${pick(ALNUM, 24)}` },
  { kind: 'stripe-key', provider: 'Stripe restricted key', name: 'STRIPE_RESTRICTED_KEY', make: () => `rk_live_${pick(ALNUM, 99)}` },
  {
    kind: 'openai-key',
    provider: 'OpenAI project key',
    name: 'OPENAI_API_KEY',
    make: () => `sk-proj-${pick(URLSAFE, 74)}T3BlbkFJ${pick(URLSAFE, 74)}`,
  },
  {
    kind: 'openai-key',
    provider: 'OpenAI legacy key',
    name: 'OPENAI_API_KEY',
    make: () => `sk-${pick(ALNUM, 20)}T3BlbkFJ${pick(ALNUM, 20)}`,
  },
  { kind: 'anthropic-key', provider: 'Anthropic key', name: 'ANTHROPIC_API_KEY', make: () => `sk-ant-api03-${pick(URLSAFE, 93)}AA` },
  { kind: 'sk-api-key', provider: 'DeepSeek key', name: 'DEEPSEEK_API_KEY', make: () => `sk-${pick(HEX, 32)}` },
  { kind: 'groq-key', provider: 'Groq key', name: 'GROQ_API_KEY', make: () => `gsk_${pick(ALNUM, 52)}` },
  { kind: 'huggingface-token', provider: 'Hugging Face token', name: 'HF_TOKEN', make: () => `hf_${pick(UPPER + LOWER, 34)}` },
  { kind: 'npm-token', provider: 'npm access token', name: 'NPM_TOKEN', make: () => `npm_${pick(ALNUM, 36)}` },
  { kind: 'pypi-token', provider: 'PyPI upload token', name: 'PYPI_TOKEN', make: () => `pypi-AgEIcHlwaS5vcmc${pick(URLSAFE, 70)}` },
  { kind: 'sendgrid-key', provider: 'SendGrid key', name: 'SENDGRID_API_KEY', make: () => `SG.${pick(URLSAFE, 22)}.${pick(URLSAFE, 43)}` },
  { kind: 'twilio-api-key', provider: 'Twilio API key', name: 'TWILIO_API_KEY', make: () => `SK${pick(HEX, 32)}` },
  { kind: 'mailgun-key', provider: 'Mailgun key', name: 'MAILGUN_API_KEY', make: () => `key-${pick(HEX, 32)}` },
  {
    kind: 'telegram-bot-token',
    provider: 'Telegram bot token',
    name: 'TELEGRAM_BOT_TOKEN',
    make: () => `${pick('123456789', 1)}${pick(DIGITS, 9)}:AA${pick(URLSAFE, 33)}`,
  },
  {
    kind: 'discord-bot-token',
    provider: 'Discord bot token',
    name: 'DISCORD_TOKEN',
    make: () => `M${pick(ALNUM, 23)}.${pick(URLSAFE, 6)}.${pick(URLSAFE, 27)}`,
  },
  {
    kind: 'discord-webhook',
    provider: 'Discord webhook URL',
    name: 'DISCORD_WEBHOOK',
    make: () => `https://discord.com/api/webhooks/${pick(DIGITS, 18)}/${pick(URLSAFE, 68)}`,
  },
  { kind: 'shopify-token', provider: 'Shopify admin token', name: 'SHOPIFY_ACCESS_TOKEN', make: () => `shpat_${pick(HEX, 32)}` },
  { kind: 'linear-token', provider: 'Linear API key', name: 'LINEAR_API_KEY', make: () => `lin_api_${pick(ALNUM, 40)}` },
  {
    kind: 'notion-token',
    provider: 'Notion integration token',
    name: 'NOTION_TOKEN',
    make: () => `ntn_${pick(DIGITS, 11)}${pick(ALNUM, 35)}`,
  },
  {
    kind: 'grafana-token',
    provider: 'Grafana service account token',
    name: 'GRAFANA_TOKEN',
    make: () => `glsa_${pick(ALNUM, 32)}_${pick(HEX, 8)}`,
  },
  { kind: 'vault-token', provider: 'HashiCorp Vault token', name: 'VAULT_TOKEN', make: () => `hvs.${pick(URLSAFE, 95)}` },
  { kind: 'vercel-token', provider: 'Vercel token', name: 'VERCEL_TOKEN', make: () => `vcp_${pick(ALNUM, 40)}` },
  { kind: 'databricks-token', provider: 'Databricks token', name: 'DATABRICKS_TOKEN', make: () => `dapi${pick(HEX, 32)}` },
  { kind: 'docker-token', provider: 'Docker Hub token', name: 'DOCKERHUB_TOKEN', make: () => `dckr_pat_${pick(URLSAFE, 27)}` },
  { kind: 'digitalocean-token', provider: 'DigitalOcean token', name: 'DIGITALOCEAN_TOKEN', make: () => `dop_v1_${pick(HEX, 64)}` },
  { kind: 'jwt', provider: 'JWT', name: 'SESSION_JWT', make: jwt },
  {
    kind: 'password-assignment',
    provider: 'password',
    name: 'DB_PASSWORD',
    make: () => `${pick(ALNUM, 10)}${pick('!#%&*+', 1)}${pick(DIGITS, 2)}`,
  },
  { kind: 'password-assignment', provider: 'hex API key', name: 'API_KEY', make: () => pick(HEX, 32) },
  { kind: 'password-assignment', provider: 'OAuth client secret', name: 'CLIENT_SECRET', make: () => `GOCSPX-${pick(URLSAFE, 28)}` },
];

/** Where code keeps a value with that name; `{k}` is the name, `{v}` the value. */
const PLACES: { place: string; text: (name: string, value: string) => string }[] = [
  { place: '.env', text: (k, v) => `# local settings\nDEBUG=false\n${k}=${v}\n` },
  { place: 'shell export', text: (k, v) => `#!/bin/sh\nexport ${k}="${v}"\n./deploy.sh\n` },
  { place: 'YAML', text: (k, v) => `service:\n  name: api\n  ${k.toLowerCase()}: ${v}\n` },
  { place: 'JSON', text: (k, v) => `{\n  "name": "api",\n  "${k.toLowerCase()}": "${v}"\n}\n` },
  { place: '.properties', text: (k, v) => `app.name=api\napp.${k.toLowerCase().replace(/_/g, '.')}=${v}\n` },
  { place: 'TOML', text: (k, v) => `[service]\nname = "api"\n${k.toLowerCase()} = "${v}"\n` },
  { place: 'Python', text: (k, v) => `import requests\n${k} = "${v}"\nrequests.get(URL)\n` },
  { place: 'JavaScript', text: (k, v) => `const client = new Client({\n  ${camel(k)}: '${v}',\n});\n` },
  { place: 'Java', text: (k, v) => `class Config {\n  private static final String ${k} = "${v}";\n}\n` },
  { place: 'Go', text: (k, v) => `package main\n\nconst ${camel(k)} = "${v}"\n` },
  { place: 'Rust', text: (k, v) => `fn main() {\n    let ${k.toLowerCase()} = String::from("${v}");\n}\n` },
  { place: 'C#', text: (k, v) => `var ${camel(k)} = Environment.GetEnvironmentVariable("X") ?? "${v}";\n` },
];
function camel(k: string): string {
  return k.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function generated(): CorpusSample[] {
  const out: CorpusSample[] = [];
  CREDENTIALS.forEach((c, i) => {
    // Three places per credential, rotating, so every place sees every family of format.
    for (let j = 0; j < 3; j++) {
      const p = PLACES[(i * 3 + j) % PLACES.length];
      const value = c.make();
      out.push({ name: `${c.provider} in ${p.place}`, kind: c.kind, value, text: p.text(c.name, value) });
    }
  });
  return out;
}

/** Credentials whose place is part of the format: headers, URLs, key files, cluster config. */
function placed(): CorpusSample[] {
  const s = (name: string, kind: string, value: string, text: string): CorpusSample => ({
    name,
    kind,
    value,
    text: text.replace('{v}', () => value),
  });
  const user = pick(LOWER, 6);
  return [
    s('RSA private key in a Python string', 'private-key', pem('RSA PRIVATE KEY'), 'KEY = """{v}"""\n'),
    s(
      'OpenSSH private key file',
      'private-key',
      `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${pick(B64, 45)}\n${pemBody(6)}\n-----END OPENSSH PRIVATE KEY-----`,
      '{v}\n',
    ),
    s('PKCS#8 private key', 'private-key', pem('PRIVATE KEY'), '{v}\n'),
    s('encrypted PKCS#8 private key', 'private-key', pem('ENCRYPTED PRIVATE KEY'), '{v}\n'),
    s('EC private key, cut at the cursor', 'private-key', `-----BEGIN EC PRIVATE KEY-----\nMHc${pick(B64, 61)}\n${pick(B64, 20)}`, '{v}'),
    s('PGP private key block', 'private-key', pem('PGP PRIVATE KEY BLOCK'), '{v}\n'),
    s(
      'private key in JSON with \\n',
      'private-key',
      `-----BEGIN RSA PRIVATE KEY-----\\n${pemBody(4).replace(/\n/g, '\\n')}\\n-----END RSA PRIVATE KEY-----`,
      '{"private_key": "{v}"}\n',
    ),
    s('Bearer token in curl', 'bearer-token', pick(URLSAFE, 40), 'curl -H "Authorization: Bearer {v}" https://api.corp/v1\n'),
    s('Bearer token in a fetch header', 'bearer-token', pick(URLSAFE, 48), 'fetch(url, { headers: { Authorization: `Bearer {v}` } });\n'),
    s(
      'Basic auth header in curl',
      'basic-auth-header',
      b64(`${user}:${pick(ALNUM, 14)}`),
      'curl -H "Authorization: Basic {v}" https://api.corp/v1\n',
    ),
    s(
      'Basic auth header in Python',
      'basic-auth-header',
      b64(`svc-${user}:${pick(ALNUM, 16)}`),
      'headers = {"Authorization": "Basic {v}"}\n',
    ),
    s('X-API-Key header in curl', 'auth-header', pick(ALNUM, 32), 'curl -s -H "X-API-Key: {v}" https://api.corp/v1/items\n'),
    s('X-Auth-Token header in code', 'auth-header', pick(URLSAFE, 40), 'req.setRequestHeader("X-Auth-Token", "{v}");\n'),
    s('Postgres URL', 'connection-string-password', pick(ALNUM, 14), 'DATABASE_URL = "postgres://app:{v}@db.internal:5432/prod"\n'),
    s('MySQL JDBC URL', 'connection-string-password', pick(ALNUM, 12), 'spring.datasource.url=jdbc:mysql://root:{v}@db:3306/app\n'),
    s(
      'MongoDB SRV URL',
      'connection-string-password',
      pick(ALNUM, 12),
      'client = MongoClient("mongodb+srv://admin:{v}@cluster0.ab1cd.mongodb.net/")\n',
    ),
    s('Redis URL, empty user', 'connection-string-password', pick(ALNUM, 16), 'REDIS = "redis://:{v}@cache:6379/0"\n'),
    s('AMQP URL', 'connection-string-password', pick(ALNUM, 16), 'BROKER_URL=amqp://rabbit:{v}@mq:5672//\n'),
    s('HTTPS URL with user and password', 'url-credentials', pick(ALNUM, 14), 'git clone https://deploy:{v}@git.corp.example/app.git\n'),
    s(
      'Azure storage connection string',
      'connection-string-password',
      `${pick(B64, 86)}==`,
      'conn = "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={v};EndpointSuffix=core.windows.net"\n',
    ),
    s(
      'ADO.NET connection string',
      'connection-string-password',
      `${pick(ALNUM, 12)}!`,
      'var cs = "Server=db;Database=app;User Id=sa;Password={v};";\n',
    ),
    s(
      'Kubernetes Secret data',
      'kubernetes-secret-data',
      b64(pick(ALNUM, 18)),
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: YWRtaW4=\n  password: {v}\n',
    ),
    s(
      'kubeconfig client key data (base64 PEM: the guard decodes it)',
      'private-key',
      b64(pem('RSA PRIVATE KEY', 4)),
      'users:\n- name: admin\n  user:\n    client-key-data: {v}\n',
    ),
    s('kubeconfig token', 'password-assignment', pick(ALNUM, 40) + '9', 'users:\n- name: ci\n  user:\n    token: {v}\n'),
    s(
      'Docker config.json auth',
      'docker-auth',
      b64(`${user}:${pick(ALNUM, 20)}`),
      '{\n  "auths": {\n    "registry.corp.example": { "auth": "{v}" }\n  }\n}\n',
    ),
    s('.npmrc auth token', 'npm-token', `npm_${pick(ALNUM, 36)}`, '//registry.corp.example/:_authToken={v}\n'),
    s(
      '.pypirc password',
      'password-assignment',
      `pypi-AgEIcHlwaS5vcmc${pick(URLSAFE, 70)}`,
      '[pypi]\nusername = __token__\npassword = {v}\n',
    ),
    s('.netrc password', 'netrc-password', `${pick(ALNUM, 14)}`, 'machine api.corp.example\n  login deploy\n  password {v}\n'),
    s('.git-credentials line', 'connection-string-password', `ghp_${pick(ALNUM, 36)}`, 'https://deploy:{v}@github.com\n'),
    s(
      'GCP service account JSON',
      'private-key',
      pem('PRIVATE KEY').replace(/\n/g, '\\n'),
      '{\n  "type": "service_account",\n  "private_key_id": "' +
        pick(HEX, 40) +
        '",\n  "private_key": "{v}\\n",\n  "client_email": "svc@proj.iam.gserviceaccount.com"\n}\n',
    ),
    s(
      'Slack webhook in a Python call',
      'slack-webhook',
      `https://hooks.slack.com/services/T${pick(UPPER, 8)}/B${pick(UPPER, 8)}/${pick(ALNUM, 24)}`,
      'requests.post("{v}", json=msg)\n',
    ),
    s(
      'Django secret key',
      'password-assignment',
      `django-insecure-${pick('abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)', 50)}`,
      "SECRET_KEY = '{v}'\n",
    ),
    s('Kotlin property', 'password-assignment', `${pick(ALNUM, 20)}9`, 'val secret: String = "{v}"\n'),
    s('YAML password, quoted', 'password-assignment', 'x7#kLm9!qZ', "db:\n  password: '{v}'\n"),
    s('YAML password, plain', 'password-assignment', 'Summer2024!', 'db:\n  user: app\n  password: {v}\n'),
    s('.properties password', 'password-assignment', 'Pa55w0rd!2024', 'spring.datasource.password={v}\n'),
    s('INI password with spaces around =', 'password-assignment', 'hunter2-Prod', '[database]\npassword = {v}\n'),
    s('Rust client_secret String::from', 'password-assignment', pick(ALNUM, 24), 'let client_secret = String::from("{v}");\n'),
    // Provider formats with no telling name around them: only a format rule sees these.
    s('Google API key as a call argument', 'gcp-api-key', `AIza${pick(URLSAFE, 35)}`, 'gmaps = googlemaps.Client("{v}")\n'),
    s('DeepSeek key as a call argument', 'sk-api-key', `sk-${pick(HEX, 32)}`, 'client = DeepSeek("{v}", base_url=URL)\n'),
    s('Twilio key as a call argument', 'twilio-api-key', `SK${pick(HEX, 32)}`, 'client = Client("{v}", sid, account_sid)\n'),
    s('Mailgun key in an auth tuple', 'mailgun-key', `key-${pick(HEX, 32)}`, 'requests.post(url, auth=("api", "{v}"), data=msg)\n'),
    s(
      'Telegram bot token in a URL',
      'telegram-bot-token',
      `${pick('123456789', 1)}${pick(DIGITS, 9)}:AA${pick(URLSAFE, 33)}`,
      'fetch(`https://api.telegram.org/bot{v}/sendMessage`)\n',
    ),
    s(
      'PyPI token as a twine argument',
      'pypi-token',
      `pypi-AgEIcHlwaS5vcmc${pick(URLSAFE, 70)}`,
      'twine upload -u __token__ -p {v} dist/*\n',
    ),
    s(
      'DigitalOcean token as a call argument',
      'digitalocean-token',
      `dop_v1_${pick(HEX, 64)}`,
      'manager = digitalocean.Manager(token_source("{v}"))\n',
    ),
    s('Docker auth in a Go literal', 'docker-auth', b64(`${user}:${pick(ALNUM, 9)}`), 'cfg := `{"auths":{"r.corp":{"auth":"{v}"}}}`\n'),
    s(
      'Kubernetes Secret data, short value',
      'kubernetes-secret-data',
      b64(pick(ALNUM, 9)),
      'apiVersion: v1\nkind: Secret\ndata:\n  api: {v}\n',
    ),
    s('unnamed high-entropy literal', 'high-entropy-assignment', pick(ALNUM, 44), 'sig = "{v}"\n'),
    s('high-entropy map value', 'high-entropy-assignment', pick(B64, 48), 'headers["X-Signature"] = "{v}"\n'),
  ];
}

/**
 * Credentials spelt otherwise: YAML block scalars, base64, base64url and hex
 * strings, string escapes, and AWS secret keys known only by the key id
 * beside them. Their own seed, so the values above stay as they were measured.
 */
function speltOtherwise(): CorpusSample[] {
  const p = picker(mulberry32(20260301));
  const token = {
    github: () => `ghp_${p(ALNUM, 36)}`,
    githubFine: () => `github_pat_${p(ALNUM, 22)}_${p(ALNUM, 59)}`,
    gitlab: () => `glpat-${p(URLSAFE, 20)}`,
    stripe: () => `sk_live_${p(ALNUM, 24)}`,
    slack: () => `xoxb-${p(DIGITS, 12)}-${p(DIGITS, 13)}-${p(ALNUM, 24)}`,
    openai: () => `sk-${p(ALNUM, 20)}T3BlbkFJ${p(ALNUM, 20)}`,
    anthropic: () => `sk-ant-api03-${p(URLSAFE, 93)}AA`,
    groq: () => `gsk_${p(ALNUM, 52)}`,
    hf: () => `hf_${p(UPPER + LOWER, 34)}`,
    npm: () => `npm_${p(ALNUM, 36)}`,
    sendgrid: () => `SG.${p(URLSAFE, 22)}.${p(URLSAFE, 43)}`,
    digitalocean: () => `dop_v1_${p(HEX, 64)}`,
    awsKeyId: () => `AKIA${p(UPPER + '234567', 16)}`,
    awsTempKeyId: () => `ASIA${p(UPPER + '234567', 16)}`,
    awsSecret: () => p(B64, 40),
    jwt: () => `eyJ${p(URLSAFE, 30)}.eyJ${p(URLSAFE, 60)}.${p(URLSAFE, 43)}`,
    password: () => `${p(ALNUM, 8)}-${p(ALNUM, 6)}${p('!#%&*+', 1)}${p(DIGITS, 2)}`,
  };
  const code = (c: string) => c.charCodeAt(0);
  const hex = (t: string) => [...t].map((c) => code(c).toString(16).padStart(2, '0')).join('');
  const b64url = (t: string) => btoa(t).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const uEsc = (t: string) => [...t].map((c) => `\\u${code(c).toString(16).padStart(4, '0')}`).join('');
  const xEsc = (t: string) => [...t].map((c) => `\\x${code(c).toString(16).padStart(2, '0')}`).join('');
  const braceEsc = (t: string) => [...t].map((c) => `\\u{${code(c).toString(16)}}`).join('');
  const octEsc = (t: string) => [...t].map((c) => `\\${code(c).toString(8).padStart(3, '0')}`).join('');
  /** A sample whose `{v}` is the credential as written; `plain` is what it decodes to. */
  const s = (form: string, name: string, kind: string, value: string, text: string, plain?: string): CorpusSample => ({
    name,
    kind,
    form,
    value,
    plain,
    text: text.replace('{v}', () => value),
  });
  const block = (name: string, value: string, text: string) =>
    s('yaml-block-scalar', `YAML block scalar: ${name}`, 'password-assignment', value, text);
  const encoded = (form: 'base64' | 'hex', name: string, kind: string, plain: string, value: string, text: string) =>
    s(form, `${form}: ${name}`, kind, value, text, plain);
  const escaped = (name: string, kind: string, plain: string, value: string, text: string) =>
    s('escaped', `escaped: ${name}`, kind, value, text, plain);
  const pair = (name: string, keyId: string, text: string) =>
    s('aws-pair', `AWS secret beside its key id: ${name}`, 'aws-secret-key', token.awsSecret(), text.replace('{id}', keyId));
  const t = token;
  const gh = t.github(),
    stripe = t.stripe(),
    slack = t.slack(),
    openai = t.openai(),
    akia = t.awsKeyId(),
    anthropic = t.anthropic(),
    npm = t.npm(),
    hf = t.hf();
  const pgUrl = `postgres://app:${p(ALNUM, 16)}@db.internal:5432/prod`,
    dotenv = `DB_HOST=db\nDB_PASSWORD=${t.password()}\n`,
    ghJson = `{"token":"${t.github()}"}`;
  const dockerJson = `{"auths":{"registry.corp.example":{"auth":"${btoa(`ci:${p(ALNUM, 20)}`)}"}}}`,
    stripeEnv = `STRIPE_SECRET_KEY=${t.stripe()}\n`,
    dop = t.digitalocean();
  const openai2 = t.openai(),
    fine = t.githubFine(),
    stripe2 = t.stripe(),
    sendgrid = t.sendgrid(),
    pwJson = `{"user": "app", "password": "${t.password()}"}`;
  const webhook = `https://hooks.slack.com/services/T${p(UPPER + DIGITS, 10)}/B${p(UPPER + DIGITS, 10)}/${p(ALNUM, 24)}`;
  const gh2 = t.github(),
    slack2 = t.slack(),
    groq = t.groq(),
    gitlab = t.gitlab(),
    stripe3 = t.stripe(),
    akia2 = t.awsKeyId(),
    hf2 = t.hf(),
    gh3 = t.github(),
    jwt = t.jwt();
  const wrapped = [p(ALNUM, 32), p(ALNUM, 32)];
  return [
    block('>- under password', t.password(), 'db:\n  password: >-\n    {v}\n  host: db.internal\n'),
    block('| under password, among other keys', t.password(), 'smtp:\n  user: mailer\n  password: |\n    {v}\n  port: 587\n'),
    block('> under api_key', p(ALNUM, 32), 'api_key: >\n  {v}\n'),
    block('|- under client_secret', `GOCSPX-${p(URLSAFE, 28)}`, 'auth:\n  client_secret: |-\n    {v}\nlogging: info\n'),
    block('>+ under token', p(ALNUM, 40), 'token: >+\n  {v}\n\n'),
    block('|2 (indentation indicator) under secret', p(ALNUM, 24) + '7', 'vault:\n  secret: |2\n    {v}\n'),
    block('|2- under access_key', p(ALNUM, 24) + '7', 'storage:\n  access_key: |2-\n    {v}\n'),
    block("a list item's key", t.password(), 'accounts:\n  - password: >-\n      {v}\n    user: ci\n'),
    block('with a tag and a comment', t.password(), 'db_password: !!str |  # rotated monthly\n  {v}\n'),
    block('wrapped over two lines', `${wrapped[0]}\n  ${wrapped[1]}`, 'signing_key: >-\n  {v}\nalgorithm: HS256\n'),
    block('CRLF line endings', t.password(), 'db:\r\n  password: >-\r\n    {v}\r\n  host: db\r\n'),
    block('a blank line before the value', t.password(), 'password: |\n\n  {v}\n'),
    block('GitHub Actions env', p(ALNUM, 36), 'env:\n  API_TOKEN: >-\n    {v}\n'),
    block('Helm values, camelCase key', t.password(), 'auth:\n  existingSecret: ""\n  rootPassword: |\n    {v}\n'),
    block('a quoted key', t.password(), '"password": |-\n  {v}\n'),
    encoded(
      'base64',
      'GitHub token in b64decode (Python)',
      'github-token',
      gh,
      btoa(gh),
      'import base64\nTOKEN = base64.b64decode("{v}").decode()\n',
    ),
    encoded(
      'base64',
      'Stripe key in Buffer.from (Node)',
      'stripe-key',
      stripe,
      btoa(stripe),
      "const key = Buffer.from('{v}', 'base64').toString();\n",
    ),
    encoded('base64', 'Slack token in atob (browser)', 'slack-token', slack, btoa(slack), 'const t = atob("{v}");\n'),
    encoded(
      'base64',
      'OpenAI key in Base64.getDecoder (Java)',
      'openai-key',
      openai,
      btoa(openai),
      'byte[] k = Base64.getDecoder().decode("{v}");\n',
    ),
    encoded(
      'base64',
      'AWS key id in DecodeString (Go)',
      'aws-access-key',
      akia,
      btoa(akia),
      'id, _ := base64.StdEncoding.DecodeString("{v}")\n',
    ),
    encoded('base64', 'JSON holding a token, as a YAML value', 'github-token', ghJson, btoa(ghJson), 'app:\n  config: {v}\n'),
    encoded(
      'base64',
      '.env text in a JSON field',
      'password-assignment',
      dotenv,
      btoa(dotenv),
      '{\n  "name": "api",\n  "payload": "{v}"\n}\n',
    ),
    encoded(
      'base64',
      'base64url, unpadded (Python)',
      'anthropic-key',
      anthropic,
      b64url(anthropic),
      'key = base64.urlsafe_b64decode("{v}" + "==")\n',
    ),
    encoded('base64', 'base64 of base64', 'npm-token', npm, btoa(btoa(npm)), 'NPM = b64decode(b64decode("{v}"))\n'),
    encoded('base64', 'unquoted after echo (shell)', 'huggingface-token', hf, btoa(hf), 'export HF=$(echo {v} | base64 -d)\n'),
    encoded(
      'base64',
      'connection URL in a ConfigMap',
      'connection-string-password',
      pgUrl,
      btoa(pgUrl),
      'kind: ConfigMap\ndata:\n  dsn: {v}\n',
    ),
    encoded(
      'base64',
      'Docker config JSON in Helm values',
      'docker-auth',
      dockerJson,
      btoa(dockerJson),
      'imagePullSecret:\n  dockerconfigjson: {v}\n',
    ),
    encoded(
      'base64',
      '.env text in a data URI',
      'stripe-key',
      stripeEnv,
      btoa(stripeEnv),
      '<a href="data:text/plain;base64,{v}">env</a>\n',
    ),
    encoded('base64', 'DigitalOcean token in a Rust decode', 'digitalocean-token', dop, btoa(dop), 'let t = STANDARD.decode("{v}")?;\n'),
    encoded('base64', 'AWS key id as a YAML list item', 'aws-access-key', akia2, btoa(akia2), 'ids:\n  - {v}\n'),
    encoded('hex', 'OpenAI key in bytes.fromhex (Python)', 'openai-key', openai2, hex(openai2), 'key = bytes.fromhex("{v}").decode()\n'),
    encoded(
      'hex',
      'GitHub fine-grained token in hex.DecodeString (Go)',
      'github-token',
      fine,
      hex(fine),
      'b, _ := hex.DecodeString("{v}")\n',
    ),
    encoded(
      'hex',
      'Stripe key, upper-case hex (Java)',
      'stripe-key',
      stripe2,
      hex(stripe2).toUpperCase(),
      'byte[] k = Hex.decodeHex("{v}");\n',
    ),
    encoded(
      'hex',
      'SendGrid key in Buffer.from(..., "hex")',
      'sendgrid-key',
      sendgrid,
      hex(sendgrid),
      'const k = Buffer.from("{v}", "hex").toString();\n',
    ),
    encoded(
      'hex',
      'JSON with a password in unhexlify',
      'password-assignment',
      pwJson,
      hex(pwJson),
      'cfg = json.loads(binascii.unhexlify("{v}"))\n',
    ),
    encoded('hex', 'Slack webhook through xxd', 'slack-webhook', webhook, hex(webhook), 'URL=$(xxd -r -p <<< {v})\n'),
    encoded('hex', 'GitHub token after 0x', 'github-token', gh3, hex(gh3), 'seed = 0x{v}\n'),
    escaped('\\u escapes, whole token (JavaScript)', 'github-token', gh2, uEsc(gh2), 'const gh = new Octokit({ auth: "{v}" });\n'),
    escaped('\\u escape in the prefix (JSON)', 'slack-token', slack2, `xox\\u0062${slack2.slice(4)}`, '{"slack": "{v}"}\n'),
    escaped('\\x escapes, whole key (Python)', 'groq-key', groq, xEsc(groq), 'client = Groq("{v}")\n'),
    escaped(
      '\\u{...} escapes in the prefix (Rust)',
      'gitlab-token',
      gitlab,
      `${braceEsc(gitlab.slice(0, 6))}${gitlab.slice(6)}`,
      'let t = "{v}";\n',
    ),
    escaped(
      'octal escapes in the prefix (C)',
      'stripe-key',
      stripe3,
      `${octEsc(stripe3.slice(0, 8))}${stripe3.slice(8)}`,
      'const char *k = "{v}";\n',
    ),
    escaped('\\u escape at the start (Java)', 'aws-access-key', akia2, `\\u0041${akia2.slice(1)}`, 'String id = "{v}";\n'),
    escaped("\\x escapes in a shell $'...' string", 'huggingface-token', hf2, xEsc(hf2.slice(0, 3)) + hf2.slice(3), "HF=$'{v}'\n"),
    escaped(
      'one escaped letter in the middle',
      'github-token',
      gh3,
      `${gh3.slice(0, 10)}\\u${code(gh3[10]).toString(16).padStart(4, '0')}${gh3.slice(11)}`,
      'gh = Github("{v}")\n',
    ),
    escaped('escaped JWT start', 'jwt', jwt, `\\u0065${jwt.slice(1)}`, 'session = "{v}"\n'),
    pair('boto3.client call (Python)', t.awsKeyId(), 's3 = boto3.client("s3", "{id}", "{v}")\n'),
    pair('AWS.Credentials (JavaScript)', t.awsKeyId(), "const creds = new AWS.Credentials('{id}', '{v}');\n"),
    pair('YAML list', t.awsKeyId(), 'aws:\n  - {id}\n  - {v}\n'),
    pair('JSON array', t.awsKeyId(), '{\n  "creds": ["{id}", "{v}"]\n}\n'),
    pair('NewStaticCredentials (Go)', t.awsKeyId(), 'creds := credentials.NewStaticCredentials("{id}", "{v}", "")\n'),
    pair('BasicAWSCredentials (Java)', t.awsKeyId(), 'AWSCredentials c = new BasicAWSCredentials("{id}", "{v}");\n'),
    pair('temporary key id, C#', t.awsTempKeyId(), 'var c = new SessionAWSCredentials("{id}", "{v}", token);\n'),
    pair(
      "the console's credentials CSV",
      t.awsKeyId(),
      'User name,Password,Access key ID,Secret access key,Console login link\ndeploy,,{id},{v},https://console.aws.amazon.com/\n',
    ),
    pair('shell arguments a line apart', t.awsKeyId(), './deploy.sh \\\n  {id} \\\n  {v} \\\n  eu-west-1\n'),
    pair('TOML array', t.awsKeyId(), '[deploy]\nkeys = ["{id}", "{v}"]\n'),
    pair('PHP constructor', t.awsKeyId(), "$c = new Credentials('{id}', '{v}');\n"),
    pair('three lines apart, Python tuple', t.awsKeyId(), 'CREDS = (\n    "{id}",\n    # rotated 2024\n    "{v}",\n)\n'),
  ];
}

export const SECRET_SAMPLES: CorpusSample[] = [...generated(), ...placed(), ...speltOtherwise()];

/**
 * Held out: written after the detectors were settled and measured once, never
 * tuned on (docs/privacy.md reports the figure). Formats and places the rest
 * of the corpus does not use.
 */
export const HELD_OUT_SAMPLES: CorpusSample[] = (() => {
  const s = (name: string, value: string, text: string): CorpusSample => ({
    name,
    kind: 'any',
    value,
    text: text.replace('{v}', () => value),
  });
  return [
    s(
      'Azure AD client secret in appsettings.json',
      `${pick(ALNUM, 3)}8Q~${pick(URLSAFE + '~.', 34)}`,
      '{\n  "AzureAd": {\n    "ClientId": "app",\n    "ClientSecret": "{v}"\n  }\n}\n',
    ),
    s(
      'Heroku API key (a UUID) in .env',
      `${pick(HEX, 8)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 12)}`,
      'HEROKU_API_KEY={v}\n',
    ),
    s('Algolia admin key', pick(HEX, 32), 'ALGOLIA_ADMIN_KEY={v}\n'),
    s('Firebase key in google-services.json', `AIza${pick(URLSAFE, 35)}`, '"api_key": [ { "current_key": "{v}" } ],\n'),
    s('Square access token', `EAAA${pick(URLSAFE, 60)}`, 'export SQUARE_ACCESS_TOKEN={v}\n'),
    s('Atlassian API token', `ATATT3xFfGF0${pick(URLSAFE, 180)}=${pick(HEX.toUpperCase(), 8)}`, 'JIRA_API_TOKEN="{v}"\n'),
    s('Dropbox short-lived token', `sl.B${pick(URLSAFE, 135)}`, 'dbx = dropbox.Dropbox("{v}")\n'),
    s('Okta API token', `00${pick(URLSAFE, 40)}`, 'okta:\n  client:\n    token: {v}\n'),
    s('New Relic user key', `NRAK-${pick(UPPER + DIGITS, 27)}`, 'NEW_RELIC_API_KEY={v}\n'),
    s('Postman API key', `PMAK-${pick(HEX, 24)}-${pick(HEX, 34)}`, 'postman_api_key: {v}\n'),
    s('password in XML config', 'S3cr3t!Pass', '<datasource>\n  <user>app</user>\n  <password>{v}</password>\n</datasource>\n'),
    s(
      'password in docker-compose environment list',
      `Xk82!mz${pick(ALNUM, 6)}`,
      'services:\n  db:\n    environment:\n      - POSTGRES_PASSWORD={v}\n',
    ),
    s('PHP variable', 'h4rdT0Gu3ss!', "$db_pass = '{v}';\n"),
    s('Rails secret_key_base', pick(HEX, 128), 'config.secret_key_base = "{v}"\n'),
    s('Go struct field', 'xY9#kLm2pQ', 'cfg := Config{\n\tUser:     "app",\n\tPassword: "{v}",\n}\n'),
    s('SQL CREATE USER', 'Tr1ckyP@ss', "CREATE USER app WITH PASSWORD '{v}';\n"),
    s('Python keyword argument', 'kP9!xZ2w', 'conn = pymysql.connect(host="db", user="app", passwd="{v}")\n'),
    s(
      'Terraform provider block',
      pick(B64, 40),
      'provider "aws" {\n  access_key = "AKIA' + pick(UPPER + '234567', 16) + '"\n  secret_key = "{v}"\n}\n',
    ),
    s('C# NetworkCredential', 'Pa$$w0rd2024', 'var cred = new NetworkCredential("svc", "{v}");\n'),
    s('JS fallback after ||', 'fallback-S3cret!', "const password = process.env.DB_PASSWORD || '{v}';\n"),
    s('mysql -p on the command line', 'S3cretPass123', 'mysql -u root -p{v} app < dump.sql\n'),
    s('.pgpass line', 'S3cretPg!9', 'db.internal:5432:app:app:{v}\n'),
    s('token in a git URL in package.json', `ghp_${pick(ALNUM, 36)}`, '"repository": "https://ci:{v}@github.com/org/app.git",\n'),
    s('Java setter call', 'N0t$oSecret99', 'dataSource.setPassword("{v}");\n'),
  ];
})();

export const INNOCENT_SAMPLES: CorpusSample[] = [
  { name: 'password from the environment', text: 'password = os.environ["DB_PASSWORD"]\n' },
  { name: 'empty password', text: 'password = ""\n' },
  { name: 'placeholder changeme', text: 'password = "changeme"\n' },
  { name: 'placeholder in angle brackets', text: 'password: "<your-password>"\n' },
  { name: 'template variable', text: 'api_key = "${API_KEY}"\n' },
  { name: 'token from a call', text: 'token = get_token(session)\n' },
  { name: 'URL with the word password', text: 'url = "postgres://user:password@localhost/db"\n' },
  { name: 'URL with a port, no credentials', text: 'url = "postgres://localhost:5432/app"\n' },
  { name: 'SHA-256 digest', text: 'sha256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"\n' },
  { name: 'git commit id', text: 'commit = "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"\n' },
  { name: 'UUID', text: 'request_id = "123e4567-e89b-12d3-a456-426614174000"\n' },
  { name: 'AWS documentation example key id', text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n' },
  { name: 'AWS documentation example secret', text: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n' },
  { name: 'password hint sentence', text: 'password_hint = "ask your admin"\n' },
  { name: 'token type', text: 'token_type = "Bearer"\n' },
  { name: 'numeric setting', text: 'PASSWORD_MIN_LENGTH = 12\n' },
  { name: 'list named secret', text: 'secret_santa = ["alice", "bob"]\n' },
  { name: 'short base64', text: 'greeting = "SGVsbG8gV29ybGQh"\n' },
  { name: 'long camel-case name', text: 'message = "ThisIsAVeryLongCamelCaseIdentifierName"\n' },
  { name: 'URL', text: 'endpoint = "https://example.com/api/v1/users?page=2"\n' },
  { name: 'file path', text: 'site = "/usr/local/lib/python3.11/site-packages"\n' },
  {
    name: 'data URL',
    text: 'icon = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="\n',
  },
  { name: 'Bearer placeholder in docs', text: '# curl -H "Authorization: Bearer <token>" ...\n' },
  { name: 'header name', text: 'auth_token_header = "X-Auth-Token"\n' },
  { name: 'form field id', text: 'passwordField = "password-input"\n' },
  { name: 'test fixture password', text: 'password = "test1234"\n' },
  { name: 'git remote', text: 'remote = "https://github.com/org/repo.git"\n' },
  { name: 'MySQL URL without password', text: 'DSN = "mysql://root@localhost/app"\n' },
  { name: 'public key block', text: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----\n' },
  { name: 'regex for tokens', text: 'const TOKEN_RE = /[A-Za-z0-9]{32}/;\n' },
  { name: 'ssh public key line', text: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGz9cJm3n0sO1bYg2Jb1q5m1t8QeQeQeQeQeQeQeQeQe dev@laptop\n' },
  { name: 'password prompt', text: 'pwd = input("Password: ")\n' },
  { name: 'CSS class', text: '<input class="password-strength-meter" type="password">\n' },
  { name: 'keyword argument default', text: 'def connect(host, password=None):\n' },
  {
    name: 'package-lock integrity',
    text: '    "node_modules/react": {\n      "version": "19.3.1",\n      "integrity": "sha512-Zp7pZdEq0sR2rJ3ksmBA9N6nyvlZ7g0m5P9nUukkSTk3gWlZHZZPSxFhhOe2Du3kxqHpVgtJX/rZ1X9xbf8exw=="\n    },\n',
  },
  { name: 'name of a secret variable', text: 'SECRET_KEY_ENV = "DJANGO_SECRET_KEY"\n' },
  { name: 'password read from a dotted setting', text: 'spring.datasource.password=${DB_PASSWORD}\n' },
  {
    name: 'YAML secret reference',
    text: 'env:\n  - name: API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: api\n        key: token\n',
  },
  { name: 'token attribute access', text: 'token = response.data.access_token\n' },
  { name: 'Kubernetes ConfigMap data', text: 'apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n  CACHE_TTL: "3600"\n' },
  { name: 'token count in a config', text: 'max_tokens: 2048\n' },
  { name: 'secret name in a workflow', text: '        env:\n          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n' },
  { name: 'webpack content hash', text: 'output: { filename: "[name].[contenthash:8].js" },\n' },
  { name: 'import of a token module', text: "import { tokenize } from './tokenizer';\nconst tokens = tokenize(source);\n" },
  {
    name: 'base64 image in CSS',
    text: '.icon { background: url(data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=); }\n',
  },
  { name: 'Basic auth scheme name', text: 'if (scheme === "Basic") return decodeBasic(header);\n' },
  { name: 'password policy regex', text: "const PASSWORD_RULE = '^(?=.*[A-Z])(?=.*\\\\d).{8,}$';\n" },
  { name: 'XML password from a property', text: '<password>${db.password}</password>\n' },
  { name: 'setter with a variable', text: 'dataSource.setPassword(password);\nclient.setToken(readToken());\n' },
  { name: 'mysql prompting for the password', text: 'mysql -u root -p app < dump.sql\n' },
  { name: 'SQL password placeholder', text: "ALTER USER app WITH PASSWORD '<new-password>';\n" },
  { name: 'time of day with colons', text: 'started at 12:30:45 on host db:5432\n' },
  { name: 'npm script', text: '"scripts": { "test": "vitest run", "build": "vite build" }\n' },
  ...speltInnocently(),
];

/** Look-alikes of credentials spelt otherwise: encoded data, digests, escapes and block scalars that hold no secret. */
function speltInnocently(): CorpusSample[] {
  const r = mulberry32(20260302);
  const bytes = (header: number[], n: number) => String.fromCharCode(...header, ...Array.from({ length: n }, () => Math.floor(r() * 256)));
  const hex = (t: string) => [...t].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  const sentence = 'The quick brown fox jumps over the lazy dog, and the dog does not mind at all.';
  const json = '{"name":"api","version":"1.2.3","debug":false,"regions":["eu-west-1","us-east-1"]}';
  const i = (name: string, text: string): CorpusSample => ({ name, text, form: 'spelt-innocently' });
  return [
    i(
      'PNG image in a data URI',
      `<img alt="logo" src="data:image/png;base64,${btoa(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 600))}">\n`,
    ),
    i(
      'woff2 font in CSS',
      `@font-face { font-family: X; src: url(data:font/woff2;base64,${btoa(bytes([0x77, 0x4f, 0x46, 0x32], 900))}) format("woff2"); }\n`,
    ),
    i('JPEG as a quoted base64 string', `const thumb = "${btoa(bytes([0xff, 0xd8, 0xff, 0xe0], 300))}";\n`),
    i(
      'SVG in a data URI (base64 of markup)',
      `icon: "data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M1 1h14v14H1z"/></svg>')}"\n`,
    ),
    i(
      'yarn.lock integrity',
      `  integrity sha512-${btoa(bytes([], 64))}\n  resolved "https://registry.yarnpkg.com/a/-/a-1.0.0.tgz#${hex(bytes([], 20))}"\n`,
    ),
    i('sha1 integrity in an old lock file', `      "integrity": "sha1-${btoa(bytes([], 20))}",\n`),
    i(
      'minified bundle',
      '!function(e,t){"object"==typeof exports&&"undefined"!=typeof module?module.exports=t():"function"==typeof define&&define.amd?define(t):(e=e||self).Codec=t()}(this,function(){"use strict";var n="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",o=/^[A-Za-z0-9+\\/]+={0,2}$/;function r(e){for(var t="",r=0;r<e.length;r+=3)t+=n[e.charCodeAt(r)>>2];return t}return{encode:r,test:function(e){return o.test(e)},VERSION:"4.3.2",BUILD:"c0ffee1d2e3f4a5b6c7d8e9f"}});\n',
    ),
    i('base64 of an English sentence, assigned', `msg = "${btoa(sentence)}"\n`),
    i('base64 of an English sentence, as a YAML value', `banner: ${btoa(sentence)}\n`),
    i('base64 of JSON without credentials', `{\n  "meta": "${btoa(json)}"\n}\n`),
    i(
      'base64url of JSON without credentials (a JWT-style header)',
      `header = "${btoa('{"alg":"RS256","typ":"JWT","kid":"2024-01"}').replace(/=+$/, '')}"\n`,
    ),
    i('hex of ordinary text', `label = bytes.fromhex("${hex(sentence)}")\n`),
    i('SHA-1 and SHA-256 digests as hex', `sha1 = "${hex(bytes([], 20))}"\nsha256 = "${hex(bytes([], 32))}"\n`),
    i('SHA-512 digest as hex', `checksum: ${hex(bytes([], 64))}\n`),
    i('a list of UUIDs', 'ids = [\n  "3f2b8c1e-9a4d-4e7b-8c2f-1a6d9e0b7c4a",\n  "c9e1a7b2-5d3f-4a8e-9b6c-2f0d8e1a3b5c",\n]\n'),
    i(
      'YAML block scalar of prose under description',
      'description: >-\n  A service that stores orders\n  for the shop and sends receipts.\nversion: 2\n',
    ),
    i(
      'YAML block scalar of prose under a password key',
      'password_policy: >-\n  At least 12 characters,\n  with one digit and one symbol.\n',
    ),
    i('YAML block scalar holding a template', 'db:\n  password: |\n    {{ .Values.db.password }}\n'),
    i('YAML block scalar holding an environment reference', 'token: >-\n  ${GITHUB_TOKEN}\n'),
    i('YAML block scalar holding a script', 'script: |\n  echo "$API_TOKEN" | docker login -u ci --password-stdin\n  docker push app\n'),
    i('YAML block scalar holding a word passphrase placeholder', 'secret: |-\n  changeme\n'),
    i('ANSI colour escapes', 'console.log("\\x1b[31merror\\x1b[0m: " + msg);\n'),
    i('accented letters escaped', 'const label = "caf\\u00e9 cr\\u00e8me br\\u00fbl\\u00e9e";\n'),
    i('Unicode ranges in a regex', 'const DIACRITICS = /[\\u0300-\\u036f\\u1ab0-\\u1aff]/g;\n'),
    i('HTML escaped in JSON', '{"html": "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}\n'),
    i('octal terminal escapes', 'printf "\\033[1mbold\\033[0m\\n"\n'),
    i('an ordinary word escaped', 'greeting = "\\x48\\x65\\x6c\\x6c\\x6f, world"\n'),
    i('PNG magic bytes', 'PNG_MAGIC = b"\\x89PNG\\r\\n\\x1a\\n"\n'),
    i(
      'AWS documentation example pair in a call',
      's3 = boto3.client("s3", "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")\n',
    ),
  ];
}
