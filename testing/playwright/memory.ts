// The browser's memory as the machine sees it: the proportional set size of
// all its processes (Linux /proc), so memory two processes share (the model's
// weights mapped by one, a shared library) is counted once, split between them.
import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';

/** PSS of every process of `browser`, MiB. */
export async function browserPssMiB(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number }[] };
    let kb = 0;
    for (const { id } of processInfo) {
      try {
        kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      } catch {
        // A process that ended meanwhile.
      }
    }
    return kb / 1024;
  } finally {
    await cdp.detach();
  }
}
