// `npm run deploy:configs`: writes the host configurations under deploy/
// from the headers in host-headers.ts and the production build's CSP
// (scripts/org-csp.ts, from public/config.json). Run it after changing
// config.json's endpoints or model source; scripts/deploy-configs.test.ts
// fails when a committed file differs from what this writes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSETS_DIR, IMMUTABLE, ISOLATION_HEADERS, REVALIDATE, REVALIDATED_PATHS } from './host-headers';
import { orgCsp } from './org-csp';

const GENERATED = 'Written by `npm run deploy:configs` from public/config.json; edit that, not this file.';

/** Every header of every response, in the order the files list them. */
function commonHeaders(csp: string): [string, string][] {
  return [...Object.entries(ISOLATION_HEADERS), ['Content-Security-Policy', csp], ['X-Content-Type-Options', 'nosniff']];
}

function nginx(csp: string): string {
  // nginx drops a server's add_header in any location that has its own, so
  // each location repeats the common ones; `always` sends them on errors too.
  const adds = (cache: string, indent = '    ') =>
    [...commonHeaders(csp), ['Cache-Control', cache]].map(([k, v]) => `${indent}add_header ${k} "${v}" always;`).join('\n');
  const exact = REVALIDATED_PATHS.filter((p) => p !== '/');
  return `# ${GENERATED}
# The Router IDE's built app (dist/) as an nginx site: docs/deployment.md.
# Include it inside nginx's http block (Debian: /etc/nginx/sites-enabled/,
# the nginx image: /etc/nginx/conf.d/); set listen, server_name and root.
server {
    listen 8080;
    server_name _;
    root /usr/share/nginx/html;

    # Content-hashed files: a new build has new names.
    location ${ASSETS_DIR} {
${adds(IMMUTABLE, '        ')}
        # ONNX Runtime's loader is an ES module (.mjs), which mime.types lacks;
        # a browser refuses to run a module served as a download.
        location ~ \\.mjs$ {
            types { }
            default_type text/javascript;
        }
        try_files $uri =404;
    }

${exact.map((p) => `    location = ${p} {\n${adds(REVALIDATE, '        ')}\n        try_files $uri =404;\n    }`).join('\n\n')}

    # The page, the bundled models and anything else: revalidated.
    location / {
${adds(REVALIDATE, '        ')}
        try_files $uri $uri/ /index.html;
    }
}
`;
}

/** Netlify and Cloudflare Pages: rules that match one path join their values, so Cache-Control is set by disjoint rules only. */
function headersFile(csp: string): string {
  const block = (pattern: string, headers: [string, string][]) => `${pattern}\n${headers.map(([k, v]) => `  ${k}: ${v}`).join('\n')}`;
  return (
    [
      `# ${GENERATED}`,
      '# Netlify and Cloudflare Pages: copy to dist/_headers (docs/deployment.md).',
      block('/*', commonHeaders(csp)),
      block(`${ASSETS_DIR}*`, [['Cache-Control', IMMUTABLE]]),
      ...REVALIDATED_PATHS.map((p) => block(p, [['Cache-Control', REVALIDATE]])),
    ].join('\n') + '\n'
  );
}

function vercel(csp: string): string {
  const rule = (source: string, headers: [string, string][]) => ({ source, headers: headers.map(([key, value]) => ({ key, value })) });
  return (
    JSON.stringify(
      {
        $comment: GENERATED,
        headers: [
          rule('/(.*)', commonHeaders(csp)),
          rule(`${ASSETS_DIR}(.*)`, [['Cache-Control', IMMUTABLE]]),
          ...REVALIDATED_PATHS.map((p) => rule(p, [['Cache-Control', REVALIDATE]])),
        ],
      },
      null,
      2,
    ) + '\n'
  );
}

/** The generated files, by path under the project root. */
export function deployConfigs(root: string): Record<string, string> {
  const csp = orgCsp('production', root);
  return {
    'deploy/nginx/router-ide.conf': nginx(csp),
    'deploy/_headers': headersFile(csp),
    'deploy/vercel.json': vercel(csp),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const [file, text] of Object.entries(deployConfigs(root))) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
