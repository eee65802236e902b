// A corpus for the secret guard: credentials in the formats providers issue
// (random values, none real), placed where code really keeps them (.env,
// shell exports, YAML, JSON, .properties, TOML, code in several languages,
// HTTP headers, connection strings, Kubernetes and Docker config), and
// innocent look-alikes that must pass. The formats come from the providers'
// documentation and public scanners' rule sets (secretlint, gitleaks), not
// from our detectors. Deterministic: the same strings every run.
// The large innocent corpus is real code: scripts/secret-alarms.ts scans node_modules.
import { mulberry32 } from '../../platform/testing/prng';

const rand = mulberry32(20261130);
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';
const ALNUM = UPPER + LOWER + DIGITS;
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}-_`;
const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
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
  /** For secrets: the credential itself, which redaction must remove. */
  value?: string;
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
  { kind: 'github-token', provider: 'GitHub fine-grained token', name: 'GITHUB_PAT', make: () => `github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}` },
  { kind: 'gitlab-token', provider: 'GitLab personal token', name: 'GITLAB_TOKEN', make: () => `glpat-${pick(URLSAFE, 20)}` },
  { kind: 'slack-token', provider: 'Slack bot token', name: 'SLACK_BOT_TOKEN', make: () => `xoxb-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick(ALNUM, 24)}` },
  { kind: 'slack-token', provider: 'Slack user token', name: 'SLACK_USER_TOKEN', make: () => `xoxp-${pick(DIGITS, 12)}-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick(HEX, 32)}` },
  { kind: 'slack-webhook', provider: 'Slack webhook URL', name: 'SLACK_WEBHOOK_URL', make: () => `https://hooks.slack.com/services/T${pick(UPPER + DIGITS, 10)}/B${pick(UPPER + DIGITS, 10)}/${pick(ALNUM, 24)}` },
  { kind: 'stripe-key', provider: 'Stripe live secret key', name: 'STRIPE_SECRET_KEY', make: () => `sk_live_${pick(ALNUM, 24)}` },
  { kind: 'stripe-key', provider: 'Stripe restricted key', name: 'STRIPE_RESTRICTED_KEY', make: () => `rk_live_${pick(ALNUM, 99)}` },
  { kind: 'openai-key', provider: 'OpenAI project key', name: 'OPENAI_API_KEY', make: () => `sk-proj-${pick(URLSAFE, 74)}T3BlbkFJ${pick(URLSAFE, 74)}` },
  { kind: 'openai-key', provider: 'OpenAI legacy key', name: 'OPENAI_API_KEY', make: () => `sk-${pick(ALNUM, 20)}T3BlbkFJ${pick(ALNUM, 20)}` },
  { kind: 'anthropic-key', provider: 'Anthropic key', name: 'ANTHROPIC_API_KEY', make: () => `sk-ant-api03-${pick(URLSAFE, 93)}AA` },
  { kind: 'sk-api-key', provider: 'DeepSeek key', name: 'DEEPSEEK_API_KEY', make: () => `sk-${pick(HEX, 32)}` },
  { kind: 'groq-key', provider: 'Groq key', name: 'GROQ_API_KEY', make: () => `gsk_${pick(ALNUM, 52)}` },
  { kind: 'huggingface-token', provider: 'Hugging Face token', name: 'HF_TOKEN', make: () => `hf_${pick(UPPER + LOWER, 34)}` },
  { kind: 'npm-token', provider: 'npm access token', name: 'NPM_TOKEN', make: () => `npm_${pick(ALNUM, 36)}` },
  { kind: 'pypi-token', provider: 'PyPI upload token', name: 'PYPI_TOKEN', make: () => `pypi-AgEIcHlwaS5vcmc${pick(URLSAFE, 70)}` },
  { kind: 'sendgrid-key', provider: 'SendGrid key', name: 'SENDGRID_API_KEY', make: () => `SG.${pick(URLSAFE, 22)}.${pick(URLSAFE, 43)}` },
  { kind: 'twilio-api-key', provider: 'Twilio API key', name: 'TWILIO_API_KEY', make: () => `SK${pick(HEX, 32)}` },
  { kind: 'mailgun-key', provider: 'Mailgun key', name: 'MAILGUN_API_KEY', make: () => `key-${pick(HEX, 32)}` },
  { kind: 'telegram-bot-token', provider: 'Telegram bot token', name: 'TELEGRAM_BOT_TOKEN', make: () => `${pick('123456789', 1)}${pick(DIGITS, 9)}:AA${pick(URLSAFE, 33)}` },
  { kind: 'discord-bot-token', provider: 'Discord bot token', name: 'DISCORD_TOKEN', make: () => `M${pick(ALNUM, 23)}.${pick(URLSAFE, 6)}.${pick(URLSAFE, 27)}` },
  { kind: 'discord-webhook', provider: 'Discord webhook URL', name: 'DISCORD_WEBHOOK', make: () => `https://discord.com/api/webhooks/${pick(DIGITS, 18)}/${pick(URLSAFE, 68)}` },
  { kind: 'shopify-token', provider: 'Shopify admin token', name: 'SHOPIFY_ACCESS_TOKEN', make: () => `shpat_${pick(HEX, 32)}` },
  { kind: 'linear-token', provider: 'Linear API key', name: 'LINEAR_API_KEY', make: () => `lin_api_${pick(ALNUM, 40)}` },
  { kind: 'notion-token', provider: 'Notion integration token', name: 'NOTION_TOKEN', make: () => `ntn_${pick(DIGITS, 11)}${pick(ALNUM, 35)}` },
  { kind: 'grafana-token', provider: 'Grafana service account token', name: 'GRAFANA_TOKEN', make: () => `glsa_${pick(ALNUM, 32)}_${pick(HEX, 8)}` },
  { kind: 'vault-token', provider: 'HashiCorp Vault token', name: 'VAULT_TOKEN', make: () => `hvs.${pick(URLSAFE, 95)}` },
  { kind: 'vercel-token', provider: 'Vercel token', name: 'VERCEL_TOKEN', make: () => `vcp_${pick(ALNUM, 40)}` },
  { kind: 'databricks-token', provider: 'Databricks token', name: 'DATABRICKS_TOKEN', make: () => `dapi${pick(HEX, 32)}` },
  { kind: 'docker-token', provider: 'Docker Hub token', name: 'DOCKERHUB_TOKEN', make: () => `dckr_pat_${pick(URLSAFE, 27)}` },
  { kind: 'digitalocean-token', provider: 'DigitalOcean token', name: 'DIGITALOCEAN_TOKEN', make: () => `dop_v1_${pick(HEX, 64)}` },
  { kind: 'jwt', provider: 'JWT', name: 'SESSION_JWT', make: jwt },
  { kind: 'password-assignment', provider: 'password', name: 'DB_PASSWORD', make: () => `${pick(ALNUM, 10)}${pick('!#%&*+', 1)}${pick(DIGITS, 2)}` },
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
  const s = (name: string, kind: string, value: string, text: string): CorpusSample => ({ name, kind, value, text: text.replace('{v}', () => value) });
  const user = pick(LOWER, 6);
  return [
    s('RSA private key in a Python string', 'private-key', pem('RSA PRIVATE KEY'), 'KEY = """{v}"""\n'),
    s('OpenSSH private key file', 'private-key', `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${pick(B64, 45)}\n${pemBody(6)}\n-----END OPENSSH PRIVATE KEY-----`, '{v}\n'),
    s('PKCS#8 private key', 'private-key', pem('PRIVATE KEY'), '{v}\n'),
    s('encrypted PKCS#8 private key', 'private-key', pem('ENCRYPTED PRIVATE KEY'), '{v}\n'),
    s('EC private key, cut at the cursor', 'private-key', `-----BEGIN EC PRIVATE KEY-----\nMHc${pick(B64, 61)}\n${pick(B64, 20)}`, '{v}'),
    s('PGP private key block', 'private-key', pem('PGP PRIVATE KEY BLOCK'), '{v}\n'),
    s('private key in JSON with \\n', 'private-key', `-----BEGIN RSA PRIVATE KEY-----\\n${pemBody(4).replace(/\n/g, '\\n')}\\n-----END RSA PRIVATE KEY-----`, '{"private_key": "{v}"}\n'),
    s('Bearer token in curl', 'bearer-token', pick(URLSAFE, 40), 'curl -H "Authorization: Bearer {v}" https://api.corp/v1\n'),
    s('Bearer token in a fetch header', 'bearer-token', pick(URLSAFE, 48), 'fetch(url, { headers: { Authorization: `Bearer {v}` } });\n'),
    s('Basic auth header in curl', 'basic-auth-header', b64(`${user}:${pick(ALNUM, 14)}`), 'curl -H "Authorization: Basic {v}" https://api.corp/v1\n'),
    s('Basic auth header in Python', 'basic-auth-header', b64(`svc-${user}:${pick(ALNUM, 16)}`), 'headers = {"Authorization": "Basic {v}"}\n'),
    s('X-API-Key header in curl', 'auth-header', pick(ALNUM, 32), 'curl -s -H "X-API-Key: {v}" https://api.corp/v1/items\n'),
    s('X-Auth-Token header in code', 'auth-header', pick(URLSAFE, 40), 'req.setRequestHeader("X-Auth-Token", "{v}");\n'),
    s('Postgres URL', 'connection-string-password', pick(ALNUM, 14), 'DATABASE_URL = "postgres://app:{v}@db.internal:5432/prod"\n'),
    s('MySQL JDBC URL', 'connection-string-password', pick(ALNUM, 12), 'spring.datasource.url=jdbc:mysql://root:{v}@db:3306/app\n'),
    s('MongoDB SRV URL', 'connection-string-password', pick(ALNUM, 12), 'client = MongoClient("mongodb+srv://admin:{v}@cluster0.ab1cd.mongodb.net/")\n'),
    s('Redis URL, empty user', 'connection-string-password', pick(ALNUM, 16), 'REDIS = "redis://:{v}@cache:6379/0"\n'),
    s('AMQP URL', 'connection-string-password', pick(ALNUM, 16), 'BROKER_URL=amqp://rabbit:{v}@mq:5672//\n'),
    s('HTTPS URL with user and password', 'url-credentials', pick(ALNUM, 14), 'git clone https://deploy:{v}@git.corp.example/app.git\n'),
    s('Azure storage connection string', 'connection-string-password', `${pick(B64, 86)}==`, 'conn = "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={v};EndpointSuffix=core.windows.net"\n'),
    s('ADO.NET connection string', 'connection-string-password', `${pick(ALNUM, 12)}!`, 'var cs = "Server=db;Database=app;User Id=sa;Password={v};";\n'),
    s('Kubernetes Secret data', 'kubernetes-secret-data', b64(pick(ALNUM, 18)), 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: YWRtaW4=\n  password: {v}\n'),
    s('kubeconfig client key data', 'base64-private-key', b64(pem('RSA PRIVATE KEY', 4)), 'users:\n- name: admin\n  user:\n    client-key-data: {v}\n'),
    s('kubeconfig token', 'password-assignment', pick(ALNUM, 40) + '9', 'users:\n- name: ci\n  user:\n    token: {v}\n'),
    s('Docker config.json auth', 'docker-auth', b64(`${user}:${pick(ALNUM, 20)}`), '{\n  "auths": {\n    "registry.corp.example": { "auth": "{v}" }\n  }\n}\n'),
    s('.npmrc auth token', 'npm-token', `npm_${pick(ALNUM, 36)}`, '//registry.corp.example/:_authToken={v}\n'),
    s('.pypirc password', 'password-assignment', `pypi-AgEIcHlwaS5vcmc${pick(URLSAFE, 70)}`, '[pypi]\nusername = __token__\npassword = {v}\n'),
    s('.netrc password', 'netrc-password', `${pick(ALNUM, 14)}`, 'machine api.corp.example\n  login deploy\n  password {v}\n'),
    s('.git-credentials line', 'connection-string-password', `ghp_${pick(ALNUM, 36)}`, 'https://deploy:{v}@github.com\n'),
    s('GCP service account JSON', 'private-key', pem('PRIVATE KEY').replace(/\n/g, '\\n'), '{\n  "type": "service_account",\n  "private_key_id": "' + pick(HEX, 40) + '",\n  "private_key": "{v}\\n",\n  "client_email": "svc@proj.iam.gserviceaccount.com"\n}\n'),
    s('Slack webhook in a Python call', 'slack-webhook', `https://hooks.slack.com/services/T${pick(UPPER, 8)}/B${pick(UPPER, 8)}/${pick(ALNUM, 24)}`, 'requests.post("{v}", json=msg)\n'),
    s('Django secret key', 'password-assignment', `django-insecure-${pick('abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)', 50)}`, "SECRET_KEY = '{v}'\n"),
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
    s('Telegram bot token in a URL', 'telegram-bot-token', `${pick('123456789', 1)}${pick(DIGITS, 9)}:AA${pick(URLSAFE, 33)}`, 'fetch(`https://api.telegram.org/bot{v}/sendMessage`)\n'),
    s('PyPI token as a twine argument', 'pypi-token', `pypi-AgEIcHlwaS5vcmc${pick(URLSAFE, 70)}`, 'twine upload -u __token__ -p {v} dist/*\n'),
    s('DigitalOcean token as a call argument', 'digitalocean-token', `dop_v1_${pick(HEX, 64)}`, 'manager = digitalocean.Manager(token_source("{v}"))\n'),
    s('Docker auth in a Go literal', 'docker-auth', b64(`${user}:${pick(ALNUM, 9)}`), 'cfg := `{"auths":{"r.corp":{"auth":"{v}"}}}`\n'),
    s('Kubernetes Secret data, short value', 'kubernetes-secret-data', b64(pick(ALNUM, 9)), 'apiVersion: v1\nkind: Secret\ndata:\n  api: {v}\n'),
    s('unnamed high-entropy literal', 'high-entropy-assignment', pick(ALNUM, 44), 'sig = "{v}"\n'),
    s('high-entropy map value', 'high-entropy-assignment', pick(B64, 48), 'headers["X-Signature"] = "{v}"\n'),
  ];
}

export const SECRET_SAMPLES: CorpusSample[] = [...generated(), ...placed()];

/**
 * Held out: written after the detectors were settled and measured once, never
 * tuned on (docs/privacy.md reports the figure). Formats and places the rest
 * of the corpus does not use.
 */
export const HELD_OUT_SAMPLES: CorpusSample[] = (() => {
  const s = (name: string, value: string, text: string): CorpusSample => ({ name, kind: 'any', value, text: text.replace('{v}', () => value) });
  return [
    s('Azure AD client secret in appsettings.json', `${pick(ALNUM, 3)}8Q~${pick(URLSAFE + '~.', 34)}`, '{\n  "AzureAd": {\n    "ClientId": "app",\n    "ClientSecret": "{v}"\n  }\n}\n'),
    s('Heroku API key (a UUID) in .env', `${pick(HEX, 8)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 12)}`, 'HEROKU_API_KEY={v}\n'),
    s('Algolia admin key', pick(HEX, 32), 'ALGOLIA_ADMIN_KEY={v}\n'),
    s('Firebase key in google-services.json', `AIza${pick(URLSAFE, 35)}`, '"api_key": [ { "current_key": "{v}" } ],\n'),
    s('Square access token', `EAAA${pick(URLSAFE, 60)}`, 'export SQUARE_ACCESS_TOKEN={v}\n'),
    s('Atlassian API token', `ATATT3xFfGF0${pick(URLSAFE, 180)}=${pick(HEX.toUpperCase(), 8)}`, 'JIRA_API_TOKEN="{v}"\n'),
    s('Dropbox short-lived token', `sl.B${pick(URLSAFE, 135)}`, 'dbx = dropbox.Dropbox("{v}")\n'),
    s('Okta API token', `00${pick(URLSAFE, 40)}`, 'okta:\n  client:\n    token: {v}\n'),
    s('New Relic user key', `NRAK-${pick(UPPER + DIGITS, 27)}`, 'NEW_RELIC_API_KEY={v}\n'),
    s('Postman API key', `PMAK-${pick(HEX, 24)}-${pick(HEX, 34)}`, 'postman_api_key: {v}\n'),
    s('password in XML config', 'S3cr3t!Pass', '<datasource>\n  <user>app</user>\n  <password>{v}</password>\n</datasource>\n'),
    s('password in docker-compose environment list', `Xk82!mz${pick(ALNUM, 6)}`, 'services:\n  db:\n    environment:\n      - POSTGRES_PASSWORD={v}\n'),
    s('PHP variable', 'h4rdT0Gu3ss!', "$db_pass = '{v}';\n"),
    s('Rails secret_key_base', pick(HEX, 128), 'config.secret_key_base = "{v}"\n'),
    s('Go struct field', 'xY9#kLm2pQ', 'cfg := Config{\n\tUser:     "app",\n\tPassword: "{v}",\n}\n'),
    s('SQL CREATE USER', 'Tr1ckyP@ss', "CREATE USER app WITH PASSWORD '{v}';\n"),
    s('Python keyword argument', 'kP9!xZ2w', 'conn = pymysql.connect(host="db", user="app", passwd="{v}")\n'),
    s('Terraform provider block', pick(B64, 40), 'provider "aws" {\n  access_key = "AKIA' + pick(UPPER + '234567', 16) + '"\n  secret_key = "{v}"\n}\n'),
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
  { name: 'data URL', text: 'icon = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="\n' },
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
  { name: 'package-lock integrity', text: '    "node_modules/react": {\n      "version": "19.3.1",\n      "integrity": "sha512-Zp7pZdEq0sR2rJ3ksmBA9N6nyvlZ7g0m5P9nUukkSTk3gWlZHZZPSxFhhOe2Du3kxqHpVgtJX/rZ1X9xbf8exw=="\n    },\n' },
  { name: 'name of a secret variable', text: 'SECRET_KEY_ENV = "DJANGO_SECRET_KEY"\n' },
  { name: 'password read from a dotted setting', text: 'spring.datasource.password=${DB_PASSWORD}\n' },
  { name: 'YAML secret reference', text: 'env:\n  - name: API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: api\n        key: token\n' },
  { name: 'token attribute access', text: 'token = response.data.access_token\n' },
  { name: 'Kubernetes ConfigMap data', text: 'apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n  CACHE_TTL: "3600"\n' },
  { name: 'token count in a config', text: 'max_tokens: 2048\n' },
  { name: 'secret name in a workflow', text: '        env:\n          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n' },
  { name: 'webpack content hash', text: 'output: { filename: "[name].[contenthash:8].js" },\n' },
  { name: 'import of a token module', text: "import { tokenize } from './tokenizer';\nconst tokens = tokenize(source);\n" },
  { name: 'base64 image in CSS', text: '.icon { background: url(data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=); }\n' },
  { name: 'Basic auth scheme name', text: 'if (scheme === "Basic") return decodeBasic(header);\n' },
  { name: 'password policy regex', text: "const PASSWORD_RULE = '^(?=.*[A-Z])(?=.*\\\\d).{8,}$';\n" },
  { name: 'XML password from a property', text: '<password>${db.password}</password>\n' },
  { name: 'setter with a variable', text: 'dataSource.setPassword(password);\nclient.setToken(readToken());\n' },
  { name: 'mysql prompting for the password', text: 'mysql -u root -p app < dump.sql\n' },
  { name: 'SQL password placeholder', text: "ALTER USER app WITH PASSWORD '<new-password>';\n" },
  { name: 'time of day with colons', text: 'started at 12:30:45 on host db:5432\n' },
  { name: 'npm script', text: '"scripts": { "test": "vitest run", "build": "vite build" }\n' },
];
