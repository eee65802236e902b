// A corpus for the secret guard: real-looking (but randomly generated)
// credentials in the places code keeps them, and innocent look-alikes that
// must pass. Deterministic: the same strings every run.
import { mulberry32 } from '../platform/prng';

const rand = mulberry32(20261130);
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}-_`;
const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
const pem = (label: string) => `-----BEGIN ${label}-----\n${Array.from({ length: 6 }, () => pick(B64, 64)).join('\n')}\n-----END ${label}-----`;
const jwt = () => `eyJ${pick(URLSAFE, 30)}.eyJ${pick(URLSAFE, 60)}.${pick(URLSAFE, 43)}`;

export interface CorpusSample {
  name: string;
  text: string;
  /** For secrets: the kind the guard should report. */
  kind?: string;
}

export const SECRET_SAMPLES: CorpusSample[] = [
  { name: 'RSA private key in a Python string', kind: 'private-key', text: `KEY = """${pem('RSA PRIVATE KEY')}"""\n` },
  { name: 'OpenSSH private key', kind: 'private-key', text: `${pem('OPENSSH PRIVATE KEY')}\n` },
  { name: 'EC private key, cut at the cursor', kind: 'private-key', text: `-----BEGIN EC PRIVATE KEY-----\n${pick(B64, 64)}\n${pick(B64, 20)}` },
  { name: 'PGP private key block', kind: 'private-key', text: `${pem('PGP PRIVATE KEY BLOCK')}\n` },
  { name: 'AWS access key id', kind: 'aws-access-key', text: `aws_access_key_id = AKIA${pick(UPPER + '234567', 16)}\n` },
  { name: 'AWS secret access key', kind: 'aws-secret-key', text: `aws_secret_access_key = ${pick(B64, 40)}\n` },
  { name: 'Google API key', kind: 'gcp-api-key', text: `const mapsKey = "AIza${pick(URLSAFE, 35)}";\n` },
  { name: 'GitHub personal token', kind: 'github-token', text: `GITHUB_TOKEN=ghp_${pick(ALNUM, 36)}\n` },
  { name: 'GitHub fine-grained token', kind: 'github-token', text: `token: github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}\n` },
  { name: 'Slack bot token', kind: 'slack-token', text: `client = WebClient(token="xoxb-${pick('0123456789', 12)}-${pick('0123456789', 13)}-${pick(ALNUM, 24)}")\n` },
  { name: 'Stripe live key', kind: 'stripe-key', text: `stripe.api_key = "sk_live_${pick(ALNUM, 24)}"\n` },
  { name: 'OpenAI project key in .env', kind: 'openai-key', text: `OPENAI_API_KEY=sk-proj-${pick(URLSAFE, 48)}\n` },
  { name: 'JWT in a test header', kind: 'jwt', text: `headers = {"X-Session": "${jwt()}"}\n` },
  { name: 'Bearer token in curl', kind: 'bearer-token', text: `curl -H "Authorization: Bearer ${pick(URLSAFE, 40)}" https://api.corp/v1\n` },
  { name: 'Postgres URL with password', kind: 'connection-string-password', text: `DATABASE_URL = "postgres://app:${pick(ALNUM, 14)}@db.internal:5432/prod"\n` },
  { name: 'MongoDB SRV URL', kind: 'connection-string-password', text: `client = MongoClient("mongodb+srv://admin:${pick(ALNUM, 12)}@cluster0.ab1cd.mongodb.net/")\n` },
  { name: 'Redis URL, empty user', kind: 'connection-string-password', text: `REDIS = "redis://:${pick(ALNUM, 16)}@cache:6379/0"\n` },
  { name: 'Azure storage connection string', kind: 'connection-string-password', text: `conn = "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${pick(B64, 86)}==;EndpointSuffix=core.windows.net"\n` },
  { name: 'Python password literal', kind: 'password-assignment', text: `password = "Tr0ub4dor&3"\n` },
  { name: 'YAML password', kind: 'password-assignment', text: `db:\n  password: 'x7#kLm9!qZ'\n` },
  { name: 'Java field', kind: 'password-assignment', text: `private static final String dbPass = "Pa55w0rd!2024";\n` },
  { name: 'C++ constant', kind: 'password-assignment', text: `const char* kApiKey = "${pick(ALNUM, 32)}";\n` },
  { name: 'JS object apiKey', kind: 'password-assignment', text: `const config = { apiKey: "${pick(ALNUM, 28)}", region: "eu" };\n` },
  { name: 'hex API key', kind: 'password-assignment', text: `api_key = "${pick('0123456789abcdef', 32)}"\n` },
  { name: 'OAuth client secret', kind: 'password-assignment', text: `CLIENT_SECRET = "GOCSPX-${pick(URLSAFE, 28)}"\n` },
  { name: 'Django secret key', kind: 'password-assignment', text: `SECRET_KEY = 'django-insecure-${pick('abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)', 50)}'\n` },
  { name: 'Go token constant', kind: 'password-assignment', text: `const authToken = "${pick(URLSAFE, 40)}"\n` },
  { name: 'unnamed high-entropy literal', kind: 'high-entropy-assignment', text: `sig = "${pick(ALNUM, 44)}"\n` },
  { name: 'high-entropy map value', kind: 'high-entropy-assignment', text: `headers["X-Signature"] = "${pick(B64, 48)}"\n` },
  { name: 'C# connection string Password=', kind: 'connection-string-password', text: `var cs = "Server=db;Database=app;User Id=sa;Password=${pick(ALNUM, 12)}!;";\n` },
  { name: 'Rust let with token', kind: 'password-assignment', text: `let access_token = "${pick(ALNUM, 30)}";\n` },
  { name: 'Kotlin property', kind: 'password-assignment', text: `val secret: String = "${pick(ALNUM, 20)}9"\n` },
];

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
];
