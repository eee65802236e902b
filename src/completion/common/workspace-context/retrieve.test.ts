import { describe, expect, it } from 'vitest';
import { chooseSnippets } from './retrieve';
import { StableSnippetChooser } from './stable-choice';
import { WorkspaceIndex } from './workspace-index';
import { identifierSet, jaccard } from './identifiers';

const workspace = () =>
  new WorkspaceIndex([
    {
      path: 'shop/cart.py',
      text: 'from .pricing import apply_discount\nfrom . import tax\n\nclass Cart:\n    def total(self):\n        s = sum(i.price for i in self.items)\n        return tax.\n',
    },
    {
      path: 'shop/pricing.py',
      text: 'def apply_discount(amount, code):\n    """Returns the amount after the discount code."""\n    return amount * 0.9\n',
    },
    { path: 'shop/tax.py', text: 'RATE = 0.2\n\ndef with_tax(amount):\n    return amount * (1 + RATE)\n' },
    { path: 'shop/unrelated.py', text: 'def banner():\n    print("hello")\n' },
    { path: 'shop/notes.py', text: 'def price_items(items):\n    return sum(i.price for i in items)\n' },
  ]);

describe('identifiers and similarity', () => {
  it('keywords and one-letter names are left out; Jaccard is |shared| / |union|', () => {
    expect([...identifierSet('def f(self, amount): return amount + x_1')]).toEqual(['amount', 'x_1']);
    expect(jaccard(new Set(['a1', 'b1']), new Set(['b1', 'c1']))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(), new Set(['a1']))).toBe(0);
  });
});

describe('chooseSnippets', () => {
  it('in a very long line reads the names just before the cursor, not the whole line', () => {
    const index = workspace();
    // A minified line: `banner` used far before the cursor, `apply_discount` just before it.
    const filler = 'x0=1;'.repeat(10_000);
    const far = `banner();${filler}apply_discount(a0, b0);y0=`;
    index.set('shop/bundle.py', far);
    const snippets = chooseSnippets(index, { file: 'shop/bundle.py', prefix: far, suffix: '' });
    expect(snippets.map((s) => s.file)).toContain('shop/pricing.py');
    expect(snippets.map((s) => s.file)).not.toContain('shop/unrelated.py');
    // Within reach the same name counts: near the cursor, banner's file is offered.
    const near = `${filler}banner();y0=`;
    expect(chooseSnippets(index, { file: 'shop/bundle.py', prefix: near, suffix: '' }).map((s) => s.file)).toContain('shop/unrelated.py');
  });

  it('puts the imported module the cursor follows (`tax.|`) first, then definitions of names used near the cursor; never the file itself', () => {
    const index = workspace();
    const text = index.text('shop/cart.py')!;
    const snippets = chooseSnippets(index, { file: 'shop/cart.py', prefix: text.slice(0, -1), suffix: '\n' });
    expect(snippets[0]).toMatchObject({ file: 'shop/tax.py', reason: 'import' });
    expect(snippets.map((s) => s.file)).toContain('shop/pricing.py');
    expect(snippets.some((s) => s.file === 'shop/cart.py')).toBe(false);
    expect(snippets.some((s) => s.file === 'shop/unrelated.py')).toBe(false);
  });

  it('a definition of a name used at the cursor carries its body', () => {
    const index = workspace();
    const snippets = chooseSnippets(index, {
      file: 'shop/checkout.py',
      prefix: 'from shop.pricing import apply_discount\n\ntotal = apply_discount(',
      suffix: ')\n',
    });
    expect(snippets[0]).toMatchObject({ file: 'shop/pricing.py', reason: 'definition', name: 'apply_discount', startLine: 0 });
    expect(snippets[0].text).toContain('return amount * 0.9');
  });

  it('recently edited and viewed files come in, ranked by similarity to the text around the cursor', () => {
    const index = workspace();
    const snippets = chooseSnippets(index, {
      file: 'shop/report.py',
      prefix: 'def report(items):\n    s = sum(i.price for i in ',
      suffix: ')\n',
      recentlyViewed: ['shop/unrelated.py', 'shop/notes.py'],
    });
    const viewed = snippets.filter((s) => s.reason === 'recent-view').map((s) => s.file);
    expect(viewed).toEqual(['shop/notes.py', 'shop/unrelated.py']);
  });

  it('at most maxSnippets, one file at a time before any second snippet of a file', () => {
    const index = workspace();
    const snippets = chooseSnippets(index, {
      file: 'x.py',
      prefix: 'apply_discount with_tax RATE banner price_items ',
      suffix: '',
      maxSnippets: 3,
    });
    expect(snippets).toHaveLength(3);
    expect(new Set(snippets.map((s) => s.file)).size).toBe(3);
  });
});

describe('StableSnippetChooser', () => {
  it('keeps its choice while the user types in the same scope, and chooses again in another scope or when another file changes', () => {
    const index = workspace();
    const chooser = new StableSnippetChooser(index);
    const head = 'from shop.pricing import apply_discount\nfrom shop import tax\n\ndef pay(amount):\n';
    const first = chooser.choose({ file: 'shop/pay.py', prefix: `${head}    x = tax.`, suffix: '\n' });
    const typed = chooser.choose({ file: 'shop/pay.py', prefix: `${head}    x = tax.with_tax(apply_discount(`, suffix: '\n' });
    expect(typed).toBe(first);
    const otherScope = chooser.choose({
      file: 'shop/pay.py',
      prefix: `${head}    return 1\n\ndef refund(amount):\n    banner(`,
      suffix: '\n',
    });
    expect(otherScope).not.toBe(first);
    index.set('shop/unrelated.py', 'def banner():\n    print("bye")\n');
    const afterChange = chooser.choose({
      file: 'shop/pay.py',
      prefix: `${head}    return 1\n\ndef refund(amount):\n    banner(`,
      suffix: '\n',
    });
    expect(afterChange.find((s) => s.file === 'shop/unrelated.py')?.text).toContain('bye');
  });
});
