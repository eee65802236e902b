// `npm run icons`: the app's PNG icons from public/icon.svg, rendered by
// Debian's Chromium (the one the tests use): 192 and 512 pixels for the web
// app manifest, and a maskable 512 whose background fills the whole square
// (a launcher cuts its own shape; the glyph stays inside the central safe
// circle). The PNGs are committed; rerun after changing the SVG
// (scripts/make-icons.test.ts fails while they are older than it).
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/playwright/chromium';

export const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
] as const;

/** The maskable variant: the same drawing with square corners, so the background reaches every edge. */
export function maskableSvg(svg: string): string {
  const out = svg.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, '$1');
  if (out === svg) throw new Error('icon.svg: no rounded background <rect rx="…"> to square off for the maskable icon');
  return out;
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const svg = fs.readFileSync(path.join(root, 'public', 'icon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage();
    for (const { file, size, maskable } of ICONS) {
      const src = `data:image/svg+xml;base64,${Buffer.from(maskable ? maskableSvg(svg) : svg).toString('base64')}`;
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await page.screenshot({
        path: path.join(root, 'public', file),
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
      console.log(`wrote public/${file}`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
