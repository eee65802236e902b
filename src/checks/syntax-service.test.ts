// The syntax worker's service (createSyntaxService, as in the browser): a document opens with the semantic
// check's analysis made ahead of its checks only when that is asked for. In a multi-MB file the analysis is a
// second parse and a walk of the whole text: seconds of the worker's time at every open, for a check that is off
// unless the routing policy asks for it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeSyntaxService } from './node';
import { pythonChecker } from '../semantic/python';

const text = 'import os\n\n\ndef f(x):\n    return os.path.join(x, "a")\n';

describe('opening a document', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("makes the semantic check's analysis of it only when asked", async () => {
    const prime = vi.spyOn(pythonChecker, 'prime');
    const service = createNodeSyntaxService();
    expect(await service.openDocument('a.py', 'python', text, 1)).toEqual({ ok: true });
    expect(await service.openDocument('b.py', 'python', text, 1, { primeSemantics: false })).toEqual({ ok: true });
    expect(prime).not.toHaveBeenCalled();
    expect(await service.openDocument('c.py', 'python', `${text}\nx = 1\n`, 1, { primeSemantics: true })).toEqual({ ok: true });
    expect(prime).toHaveBeenCalledTimes(1);
    // Not primed, it is still checked: the first semantic check makes the analysis itself.
    const v = await service.checkSemantics({
      language: 'python',
      prefix: text,
      completion: 'y = os.sep\n',
      suffix: '',
      documentId: 'a.py',
      version: 1,
      prefixStart: 0,
      budgetMs: 10_000,
    });
    expect(v).toMatchObject({ checked: true, findings: [] });
  });
});
