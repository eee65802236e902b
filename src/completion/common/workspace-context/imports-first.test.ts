// Names imported and not used yet come first, through the whole request path
// (retrieval, the request, the local prompt at the default budget) with the
// demo model's tokenizer: the case a new user met, where the function just
// imported was left out of the prompt for the type and the date formatter
// used on the next line.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AutoTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTokenizerConfig, buildTokenizerJson } from '../../../../testing/fixture-models/tokenizer';
import { DEFAULT_CONFIG } from '../../../config/defaults';
import { fixtureModelFolder } from '../../../../testing/completion/fixture-folder';
import { buildLocalPrompt } from '../../../prompt/prompt';
import { localRequestOf, prepareRequest, requestSettings } from '../request';
import { StableSnippetChooser, WorkspaceIndex, type WorkspaceFile } from '.';

// The demo model's tokenizer (byte-level, the FIM and repository markers single tokens), on its own in a folder of this test's.
fixtureModelFolder('imports-first', async (dir) => {
  await mkdir(join(dir, 'demo-tokenizer'), { recursive: true });
  await writeFile(join(dir, 'demo-tokenizer', 'tokenizer.json'), JSON.stringify(buildTokenizerJson()));
  await writeFile(join(dir, 'demo-tokenizer', 'tokenizer_config.json'), JSON.stringify(buildTokenizerConfig()));
});
let tokenizer: PreTrainedTokenizer;
beforeAll(async () => {
  tokenizer = await AutoTokenizer.from_pretrained('demo-tokenizer');
});
const countTokens = (t: string) => tokenizer.encode(t, { add_special_tokens: false }).length;

const CURSOR = '‸';

/** The local prompt the app builds at the cursor mark in `current`, with the default configuration (its share; its budget unless one is given). */
function promptAt(files: readonly WorkspaceFile[], current: string, budget?: number) {
  const marked = files.find((f) => f.path === current)!.text;
  const at = marked.indexOf(CURSOR);
  const text = marked.slice(0, at) + marked.slice(at + 1);
  const index = new WorkspaceIndex(files.map((f) => (f.path === current ? { path: f.path, text } : f)));
  const settings = requestSettings(
    DEFAULT_CONFIG,
    budget === undefined ? undefined : { promptBudget: budget, maxNewTokens: DEFAULT_CONFIG.model.maxNewTokens },
  );
  const language = current.endsWith('.py') ? 'python' : 'typescript';
  const { ctx, router } = prepareRequest({ prefix: text.slice(0, at), suffix: text.slice(at), language, file: current }, settings, {
    chooser: new StableSnippetChooser(index),
    recentlyEdited: () => [],
    recentlyViewed: () => [],
  });
  const req = localRequestOf(ctx, router);
  const built = buildLocalPrompt({
    family: 'qwen2.5-coder',
    prefix: req.prefix,
    suffix: req.suffix,
    budget: req.promptBudget,
    context: req.context,
    countTokens,
  });
  return { chosen: ctx.context?.snippets ?? [], built };
}

const tsProject: WorkspaceFile[] = [
  {
    path: 'billing/invoice.ts',
    text: `// Invoices: line items, totals in cents, tax.
export interface LineItem {
  sku: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxRate: number;
}

export interface Invoice {
  id: string;
  customerId: string;
  issuedAt: Date;
  items: LineItem[];
}

/** A line's price before tax, in cents. */
export function lineSubtotalCents(item: LineItem): number {
  return item.quantity * item.unitPriceCents;
}

/** The total in cents, tax included, rounded per line. */
export function invoiceTotalCents(items: readonly LineItem[]): number {
  let total = 0;
  for (const item of items) {
    total += Math.round(lineSubtotalCents(item) * (1 + item.taxRate));
  }
  return total;
}
`,
  },
  {
    path: 'util/dates.ts',
    text: `export function formatIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function formatInvoiceDate(d: Date, locale = 'en-GB'): string {
  return d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
`,
  },
  {
    path: 'util/money.ts',
    text: `export function formatCents(cents: number, currency = 'EUR'): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100);
}
`,
  },
  {
    path: 'reports/monthly.ts',
    text: `import { invoiceTotalCents, type LineItem } from '../billing/invoice';
import { formatInvoiceDate } from '../util/dates';
import { formatCents } from '../util/money';

export interface MonthlyLine {
  customer: string;
  date: string;
  total: string;
}

export function monthlyLine(customer: string, items: LineItem[], issuedAt: Date): MonthlyLine {
  const cents = ${CURSOR}
  const date = formatInvoiceDate(issuedAt);
  return { customer, date, total: formatCents(cents) };
}
`,
  },
];

const pyProject: WorkspaceFile[] = [
  {
    path: 'billing/invoice.py',
    text: `"""Invoices: line items, totals in cents, tax."""
from dataclasses import dataclass


@dataclass
class LineItem:
    sku: str
    description: str
    quantity: int
    unit_price_cents: int
    tax_rate: float


def line_subtotal_cents(item: LineItem) -> int:
    return item.quantity * item.unit_price_cents


def invoice_total_cents(items: list[LineItem]) -> int:
    """The total in cents, tax included, rounded per line."""
    return sum(round(line_subtotal_cents(i) * (1 + i.tax_rate)) for i in items)
`,
  },
  {
    path: 'util/dates.py',
    text: `def format_iso_date(d):
    return d.isoformat()[:10]


def format_invoice_date(d, fmt="%d %b %Y"):
    return d.strftime(fmt)
`,
  },
  { path: 'util/money.py', text: 'def format_cents(cents, currency="EUR"):\n    return f"{cents / 100:.2f} {currency}"\n' },
  {
    path: 'reports/monthly.py',
    text: `from billing.invoice import LineItem, invoice_total_cents as total_cents
from util.dates import format_invoice_date
from util import money


def monthly_line(customer: str, items: list[LineItem], issued_at) -> dict:
    cents = ${CURSOR}
    date = format_invoice_date(issued_at)
    return {"customer": customer, "date": date, "total": money.format_cents(cents)}
`,
  },
];

describe('a name imported and not used yet, at the default budget with the demo tokenizer', () => {
  it('TypeScript: invoiceTotalCents is chosen first and its definition is in the prompt', () => {
    const { chosen, built } = promptAt(tsProject, 'reports/monthly.ts');
    expect(chosen[0]).toMatchObject({ file: 'billing/invoice.ts', reason: 'definition', name: 'invoiceTotalCents' });
    expect(built.snippets[0].file).toBe('billing/invoice.ts');
    expect(built.prompt).toContain('export function invoiceTotalCents(items: readonly LineItem[]): number {\n  let total = 0;');
    // The names used on the next lines still come, after it (in the prompt while they fit).
    expect(chosen.map((s) => s.name)).toEqual(expect.arrayContaining(['formatInvoiceDate', 'LineItem']));
  });

  it('Python: an aliased import (`invoice_total_cents as total_cents`) is chosen first, its definition in the prompt', () => {
    const { chosen, built } = promptAt(pyProject, 'reports/monthly.py');
    expect(chosen[0]).toMatchObject({ file: 'billing/invoice.py', reason: 'definition', name: 'total_cents' });
    expect(built.snippets[0].file).toBe('billing/invoice.py');
    expect(built.prompt).toContain('def invoice_total_cents(items: list[LineItem]) -> int:');
  });

  it("with room for more (4,096 tokens): still first, and no file has two entries: a file's snippets are one <|file_sep|> entry, in the file's line order", () => {
    for (const [files, current] of [
      [tsProject, 'reports/monthly.ts'],
      [pyProject, 'reports/monthly.py'],
    ] as const) {
      const { chosen, built } = promptAt(files, current, 4096);
      expect(chosen[0].reason).toBe('definition');
      expect(built.snippets[0].file).toBe(chosen[0].file);
      expect(built.snippets.length).toBeGreaterThan(2);
      // Retrieval took two parts of the invoice file (the function first, the type after): the prompt has them once, type first.
      expect(chosen.filter((s) => s.file.startsWith('billing/invoice')).length).toBe(2);
      const entries = [...built.prompt.matchAll(/<\|file_sep\|>([^\n]+)\n/g)].map((m) => m[1]);
      expect(new Set(entries).size).toBe(entries.length);
      const invoice = built.prompt.split('<|file_sep|>').find((e) => e.startsWith('billing/invoice'))!;
      const source = files.find((f) => f.path.startsWith('billing/invoice'))!.text;
      const [type, fn] = current.endsWith('.py')
        ? ['class LineItem:', 'def invoice_total_cents(']
        : ['export interface LineItem {', 'export function invoiceTotalCents('];
      expect(invoice.indexOf(type)).toBeGreaterThan(0);
      expect(invoice.indexOf(type)).toBeLessThan(invoice.indexOf(fn));
      expect(source.indexOf(type)).toBeLessThan(source.indexOf(fn));
      // Lines left out between the two parts are marked, in the file's own comment syntax.
      expect(invoice).toContain(current.endsWith('.py') ? '\n# ...\n' : '\n// ...\n');
    }
  });
});
