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

  it("charges a diagnostic on the completion's own text without asking for the baseline", async () => {
    const asked: string[] = [];
    const input = typesInput(req);
    const missing = (start: number): TypeDiagnostic => ({ code: 2339, start, length: 3, messageText: "Property 'foo' does not exist." });
    const findings = await typeFindings(input, async (name, text) => {
      asked.push(text === input.text ? 'completed' : 'other');
      expect(name).toBe('input.ts');
      // The completion's own error, and the suffix's twin of it.
      return [missing(13), missing(22)];
    });
    expect(asked).toEqual(['completed']);
    expect(findings).toEqual([{ kind: 'type-error', name: 'TS2339', row: 1, column: 2, detail: "Property 'foo' does not exist." }]);
  });

  it('asks for the baseline when a diagnostic reaches past the completion, and charges only what is new', async () => {
    const call = { language: 'typescript', prefix: 'takesNum(', completion: 'x + ', suffix: '"s");\nlet y: number = "t";\n' };
    const input = typesInput(call);
    const baseline = call.prefix + call.suffix;
    const asked: string[] = [];
    const wrongArgument = (start: number, length: number): TypeDiagnostic => ({
      code: 2345,
      start,
      length,
      messageText: 'Argument of type string.',
    });
    const wrongValue = (start: number): TypeDiagnostic => ({ code: 2322, start, length: 1, messageText: 'Type string.' });
    const findings = await typeFindings(input, async (_, text) => {
      asked.push(text === input.text ? 'completed' : text === baseline ? 'baseline' : 'other');
      // The argument was wrong before the completion too (`"s"`), and stays so over it (`x + "s"`); the next line's
      // error is the document's own. The completion's own second error has no twin.
      return text === input.text ? [wrongArgument(9, 7), wrongValue(9), wrongValue(24)] : [wrongArgument(9, 3), wrongValue(20)];
    });
    expect(asked).toEqual(['completed', 'baseline']);
    expect(findings.map((f) => `${f.name}@${f.column}`)).toEqual(['TS2322@9']);
  });

  it('leaves "cannot find" to the names check and, in JavaScript, all but what is plainly missing', async () => {
    const at = (code: number): TypeDiagnostic => ({ code, start: 12, length: 3, messageText: 'm' });
    const completed = typesInput(req).text;
    const diagnose = async (_: string, text: string) => (text === completed ? [at(2304), at(2322)] : []);
    expect((await typeFindings(typesInput(req), diagnose)).map((f) => f.name)).toEqual(['TS2322']);
    expect(await typeFindings(typesInput({ ...req, language: 'javascript' }), diagnose)).toEqual([]);
  });
});
