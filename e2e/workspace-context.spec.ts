// Context from the other files of the workspace, in Chromium with the fixture
// models: the local prompt carries a snippet of the file the code imports, the
// escalated request carries it too (as comments, to an OpenAI-compatible
// loopback server), and a never-send file's text never reaches the server
// even when the user had it open.
import { expect, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { openInTree } from '../testing/playwright/workspace';

const SECRET = 'never-leaves-this-machine';

test("a completion carries the imported file's snippet; a never-send file is never sent", async ({ page, openIde, server }) => {
  await openIde({
    model: 'fixture-invalid', // writes broken code: the router escalates
    files: [
      { path: 'main.py', content: 'from util import scale\n\ndef run(x):\n    return\n' },
      { path: 'util.py', content: 'def scale(x, k):\n    return x * k\n' },
      { path: 'deploy.env', content: `DEPLOY_TOKEN=${SECRET}\n` },
    ],
  });
  // The user looked at the env file (so it is among the recently viewed files), then went back to main.py.
  await openInTree(page, 'deploy.env');
  await openInTree(page, 'main.py');
  await typeAtEndOfLine(page, 4, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');

  // The local prompt: the details name the other files it carried.
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.getByTestId('context-files')).toContainText('util.py');

  // The escalated prompt, as the loopback server received it.
  expect(server.requests).toHaveLength(1);
  const prompt = server.requests[0].body.prompt as string;
  // Qwen's repository format, as in the local prompt (the FIM prompt is built in the browser).
  expect(prompt).toContain('<|file_sep|>util.py\ndef scale(x, k):\n    return x * k\n');
  expect(prompt).toContain('<|file_sep|>main.py\n<|fim_prefix|>');
  expect(prompt).toContain('def run(x):\n    return ');
  for (const r of server.requests) expect(JSON.stringify(r)).not.toContain(SECRET);
  await expect(page.getByTestId('completion-details')).toContainText('deploy.env (matches never-send rule');

  // The ledger says whose text was sent.
  const ledger = await page.evaluate(() => JSON.parse(localStorage.getItem('router-ide.ledger') ?? '[]') as { contextFiles?: string[] }[]);
  expect(ledger.at(-1)?.contextFiles).toEqual(['util.py']);
});
