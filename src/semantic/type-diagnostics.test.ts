// The types check's shared rule: its options are the compiler's, its keys are
// the compiler's flattened messages, and the diff charges only what is new
// where the completion is, whichever host gave the diagnostics.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { flattenMessage, typeFindings, typesInput, TYPES_COMPILER_OPTIONS, type TypeDiagnostic } from './type-diagnostics';

describe('TYPES_COMPILER_OPTIONS', () => {
  it('are the numbers of the compiler enums they name', () => {
    expect(TYPES_COMPILER_OPTIONS).toMatchObject({
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      moduleDetection: ts.ModuleDetectionKind.Force,
      jsx: ts.JsxEmit.Preserve,
    });
  });
});

describe('flattenMessage', () => {
  it('flattens a chain as the compiler does', () => {
    const chain: ts.DiagnosticMessageChain = {
      messageText: 'Type A is not assignable to type B.',
      category: ts.DiagnosticCategory.Error,
      code: 2322,
      next: [
        {
          messageText: 'Types of property x are incompatible.',
          category: ts.DiagnosticCategory.Error,
          code: 2326,
          next: [{ messageText: 'string is not number.', category: ts.DiagnosticCategory.Error, code: 2322 }],
        },
        { messageText: 'Another branch.', category: ts.DiagnosticCategory.Error, code: 1 },
      ],
    };
    for (const newLine of ['\n', ' ']) expect(flattenMessage(chain, newLine)).toBe(ts.flattenDiagnosticMessageText(chain, newLine));
    expect(flattenMessage('plain', '\n')).toBe('plain');
  });
});

describe('typeFindings', () => {
  const req = { language: 'typescript', prefix: 'let a = 1;\n', completion: 'a.foo();', suffix: '\na.foo();\n' };

  it('asks for the baseline only when a diagnostic meets the completion, and charges only the new ones', async () => {
    const asked: string[] = [];
    const input = typesInput(req);
    const baseline = req.prefix + req.suffix;
    const missing = (start: number): TypeDiagnostic => ({ code: 2339, start, length: 3, messageText: "Property 'foo' does not exist." });
    const findings = await typeFindings(input, async (name, text) => {
      asked.push(text === input.text ? 'completed' : text === baseline ? 'baseline' : 'other');
      expect(name).toBe('input.ts');
      // The completed text: the completion's own error and the suffix's twin; the baseline: the suffix's only.
      return text === input.text ? [missing(13), missing(22)] : [missing(13)];
    });
    expect(asked).toEqual(['completed', 'baseline']);
    expect(findings).toEqual([{ kind: 'type-error', name: 'TS2339', row: 1, column: 2, detail: "Property 'foo' does not exist." }]);
  });

  it('leaves "cannot find" to the names check and, in JavaScript, all but what is plainly missing', async () => {
    const at = (code: number): TypeDiagnostic => ({ code, start: 12, length: 3, messageText: 'm' });
    const completed = typesInput(req).text;
    const diagnose = async (_: string, text: string) => (text === completed ? [at(2304), at(2322)] : []);
    expect((await typeFindings(typesInput(req), diagnose)).map((f) => f.name)).toEqual(['TS2322']);
    expect(await typeFindings(typesInput({ ...req, language: 'javascript' }), diagnose)).toEqual([]);
  });
});
