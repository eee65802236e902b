// Which snippets of other files may go with an escalated request. The same
// rules as for the file being edited, per snippet: a file under a
// never-send rule never leaves, and a snippet holding a credential is left
// out (`block`) or sent with the credential replaced (`redact`). A snippet
// left out costs the large model some context, never the request.
import type { SecretAction } from '../config/types';
import { neverSendRuleFor } from './never-send';
import { findSecrets, redactSecrets } from './secret-guard';

export interface OutgoingSnippet {
  file: string;
  text: string;
}

export interface SnippetEgress {
  /** What may leave, in the given order (redacted where the action is `redact`). */
  sent: OutgoingSnippet[];
  /** What stays, and why (for the details view). */
  withheld: { file: string; why: string }[];
  /** Credentials replaced in the sent snippets. */
  redactions: number;
}

export async function snippetsForEgress(snippets: readonly OutgoingSnippet[], neverSend: readonly string[], secrets: SecretAction): Promise<SnippetEgress> {
  const out: SnippetEgress = { sent: [], withheld: [], redactions: 0 };
  for (const s of snippets) {
    const rule = neverSendRuleFor(s.file, neverSend);
    if (rule) {
      out.withheld.push({ file: s.file, why: `matches never-send rule "${rule}"` });
      continue;
    }
    const found = await findSecrets(s.text);
    if (found.length && secrets === 'block') {
      out.withheld.push({ file: s.file, why: `holds a credential (${found[0].kind} on line ${found[0].line} of the snippet)` });
      continue;
    }
    out.sent.push({ file: s.file, text: found.length ? redactSecrets(s.text, found) : s.text });
    out.redactions += found.length;
  }
  return out;
}
