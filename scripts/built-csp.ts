// The one source of a deployment's Content-Security-Policy: the built page's
// meta tag (written at build time from public/config.json by
// scripts/org-csp.ts). `vite preview` and `npm run deploy:configs` read it
// from the build they serve or configure, so a config.json edited after the
// build cannot give a header that disagrees with the page.
import fs from 'node:fs';
import path from 'node:path';

const META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i;

/** The policy in a built index.html's text, or undefined when it has none. */
export function cspOfPage(html: string): string | undefined {
  const m = META.exec(html);
  // Vite escapes attribute values; a policy holds quotes (`'self'`) and may hold ampersands.
  return m ? m[1].replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&') : undefined;
}

/** The policy of the build in `outDir`, or undefined when there is no build there or its page has no policy. */
export function cspOfBuild(outDir: string): string | undefined {
  const page = path.join(outDir, 'index.html');
  return fs.existsSync(page) ? cspOfPage(fs.readFileSync(page, 'utf8')) : undefined;
}
