// `npm run deploy:configs [-- --dist DIR]`: writes the host configurations
// under deploy/ from the headers in host-headers.ts and the CSP of the build
// in DIR (default dist/; scripts/built-csp.ts reads its page's meta tag, which
// the build wrote from public/config.json), so every host sends the policy the
// built page carries. `npm run build` runs it after building; run it yourself
// after a build made otherwise. scripts/deploy-configs.test.ts fails when a
// committed file differs from what this writes for public/config.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cspOfBuild } from './built-csp';
import {
  ASSETS_DIR,
  COMPRESSED_TYPES,
  IMMUTABLE,
  ISOLATION_HEADERS,
  MANIFEST_PATH,
  MANIFEST_TYPE,
  MODELS_DIR,
  REVALIDATE,
  REVALIDATED_PATHS,
} from './host-headers';

const GENERATED = 'Written by `npm run deploy:configs` from the build (its CSP comes from public/config.json); edit that, not this file.';

/** Every header of every response, in the order the files list them. */
function commonHeaders(csp: string): [string, string][] {
  return [...Object.entries(ISOLATION_HEADERS), ['Content-Security-Policy', csp], ['X-Content-Type-Options', 'nosniff']];
}

function nginx(csp: string): string {
  // nginx drops a server's add_header in any location that has its own, so
  // each location repeats the common ones; `always` sends them on errors too.
  // Cache-Control goes out on successes only (no `always`): a 404 must not be kept for a year.
  const adds = (cache: string, indent: string) =>
    [
      ...commonHeaders(csp).map(([k, v]) => `${indent}add_header ${k} "${v}" always;`),
      `${indent}add_header Cache-Control "${cache}";`,
    ].join('\n');
  const exact = REVALIDATED_PATHS.filter((p) => p !== '/');
  const exactBlock = (p: string) => {
    const type =
      p === MANIFEST_PATH
        ? `\n        # mime.types lacks the web app manifest's type.\n        types { }\n        default_type ${MANIFEST_TYPE};`
        : '';
    return `    location = ${p} {\n${adds(REVALIDATE, '        ')}${type}\n        try_files $uri =404;\n    }`;
  };
  return `# ${GENERATED}
# The Router IDE's built app (dist/) as an nginx site: docs/deployment.md.
# Include it inside nginx's http block (Debian: /etc/nginx/sites-enabled/,
# the nginx image: /etc/nginx/conf.d/); set listen, server_name and root.
server {
    listen 8080;
    server_name _;
    root /usr/share/nginx/html;

    # Compression: the build writes FILE.gz (and FILE.br) beside its large
    # assets; gzip_static sends those as they are, and gzip compresses the
    # rest of these types on the fly. With the ngx_brotli module loaded, add
    # \`brotli_static on;\` to send the .br files to browsers that take them.
    gzip on;
    gzip_static on;
    gzip_vary on;
    gzip_comp_level 6;
    gzip_min_length 1024;
    gzip_types ${COMPRESSED_TYPES.join(' ')};

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

    # The bundled models: revalidated; a missing file is a 404, never the page.
    location ${MODELS_DIR} {
${adds(REVALIDATE, '        ')}
        try_files $uri =404;
    }

${exact.map(exactBlock).join('\n\n')}

    # The page at any path (the app routes itself) and anything else: revalidated.
    location / {
${adds(REVALIDATE, '        ')}
        try_files $uri $uri/ /index.html;
    }
}
`;
}

/** The manifest's type, for hosts whose type table lacks it. */
function manifestType(p: string): [string, string][] {
  return p === MANIFEST_PATH ? [['Content-Type', MANIFEST_TYPE]] : [];
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
      block(`${MODELS_DIR}*`, [['Cache-Control', REVALIDATE]]),
      ...REVALIDATED_PATHS.map((p) => block(p, [['Cache-Control', REVALIDATE], ...manifestType(p)])),
    ].join('\n') + '\n'
  );
}

function vercel(csp: string): string {
  const rule = (source: string, headers: [string, string][]) => ({ source, headers: headers.map(([key, value]) => ({ key, value })) });
  return (
    JSON.stringify(
      {
        $comment: GENERATED,
        // The folder `npm run build` writes, published as the site's root.
        outputDirectory: 'dist',
        headers: [
          rule('/(.*)', commonHeaders(csp)),
          rule(`${ASSETS_DIR}(.*)`, [['Cache-Control', IMMUTABLE]]),
          rule(`${MODELS_DIR}(.*)`, [['Cache-Control', REVALIDATE]]),
          ...REVALIDATED_PATHS.map((p) => rule(p, [['Cache-Control', REVALIDATE], ...manifestType(p)])),
        ],
        // Deep links open the app (files are matched first); a missing asset or model stays a 404.
        rewrites: [{ source: `/((?!${ASSETS_DIR.slice(1)}|${MODELS_DIR.slice(1)}).*)`, destination: '/index.html' }],
      },
      null,
      2,
    ) + '\n'
  );
}

/** The generated files, by path under the project root, for a build whose page carries `csp`. */
export function deployConfigs(csp: string): Record<string, string> {
  return {
    'deploy/nginx/router-ide.conf': nginx(csp),
    'deploy/_headers': headersFile(csp),
    'deploy/vercel.json': vercel(csp),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
  const dist = path.resolve(values.dist!);
  const csp = cspOfBuild(dist);
  if (!csp) {
    console.error(
      `deploy:configs: ${path.join(dist, 'index.html')} is missing or has no Content-Security-Policy meta tag: run \`npm run build\` first (or pass --dist DIR).`,
    );
    process.exit(1);
  }
  for (const [file, text] of Object.entries(deployConfigs(csp))) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
