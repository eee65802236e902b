import { describe, expect, it } from 'vitest';
import { DEFAULT_NEVER_SEND } from './never-send';
import { snippetsForEgress } from './snippets';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const snippets = [
  { file: 'app/util.py', text: 'def helper():\n    return 1' },
  { file: 'config/.env', text: 'DEBUG=1' },
  { file: 'app/aws.py', text: `aws_secret_access_key = "${SECRET}"` },
];

describe('snippetsForEgress', () => {
  it('never sends a never-send file; block leaves out a snippet with a credential and says why', async () => {
    const r = await snippetsForEgress(snippets, DEFAULT_NEVER_SEND, 'block');
    expect(r.sent).toEqual([snippets[0]]);
    expect(r.withheld.map((w) => w.file)).toEqual(['config/.env', 'app/aws.py']);
    expect(r.withheld[0].why).toContain('never-send');
    expect(r.withheld[1].why).toContain('credential');
  });

  it('redact sends the snippet with each credential replaced', async () => {
    const r = await snippetsForEgress(snippets, DEFAULT_NEVER_SEND, 'redact');
    expect(r.sent.map((s) => s.file)).toEqual(['app/util.py', 'app/aws.py']);
    expect(r.sent[1].text).not.toContain(SECRET);
    expect(r.sent[1].text).toContain('REDACTED_');
    expect(r.redactions).toBeGreaterThan(0);
  });
});
