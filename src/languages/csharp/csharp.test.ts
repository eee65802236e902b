// C#'s cases, run by the suite every language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by Debian's Mono compiler (`mcs -target:library`), so each compiles as a
// whole: no type it does not declare or take from the base library.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { pluginSuite } from '../../../testing/languages/plugin-suite';
import { csharp } from './language';

// Where mcs writes the assembly it builds: a folder of the test's own. Never
// `-out:/dev/null`: mcs replaces its output file, and as root that turns the
// machine's /dev/null into a plain file.
const built = mkdtempSync(join(tmpdir(), 'csharp-cases-'));
afterAll(() => rmSync(built, { recursive: true, force: true }));

const CLASS =
  'using System;\nusing System.Collections.Generic;\n\nnamespace Shop\n{\n    class Stack\n    {\n        private readonly List<int> items = new List<int>();\n\n        public Stack Push(int x)\n        {\n            ';
const CLASS_END = '\n        }\n    }\n}\n';

pluginSuite(csharp, {
  valid: [
    [CLASS, 'items.Add(x);\n            return this;', CLASS_END],
    [
      CLASS,
      'if (x < 0)\n            {\n                throw new ArgumentException("negative: " + x);\n            }\n            items.Add(x);\n            return this;',
      CLASS_END,
    ],
    [
      'using System.Collections.Generic;\nusing System.Linq;\n\nstatic class Sums\n{\n    public static int Total(IEnumerable<int> xs)\n    {\n        ',
      'return xs.Where(x => x > 0).Select(x => x * 2).Sum();',
      '\n    }\n}\n',
    ],
    [
      'static class Names\n{\n    public static string Name(string first, string last)\n    {\n        ',
      'var s = "a ( [ {"; // ) ]\n        return $"{first} {s} {last}";',
      '\n    }\n}\n',
    ],
    [
      'using System.Collections.Generic;\n\nclass Tables\n{\n    ',
      'public Dictionary<string, List<int>> Rows { get; } = new Dictionary<string, List<int>>();\n',
      '}\n',
    ],
  ],
  invalid: [
    [CLASS, 'items.Add(x;\n            return this;', CLASS_END],
    [CLASS, 'items.Add(x)\n            return this;', CLASS_END],
    ['static class Sums\n{\n    public static int Total(int a, int b)\n    {\n        ', 'return a + ;', '\n    }\n}\n'],
    [
      'static class F\n{\n    public static int G(int x)\n    {\n        ',
      'if (x > 0 {\n            return 1;\n        }\n        return 0;',
      '\n    }\n}\n',
    ],
  ],
  editStates: [
    {
      name: 'a half-typed call in the method below',
      prefix: 'class A\n{\n    int F(int x)\n    {\n        ',
      good: 'return x + 1;',
      bad: 'return (x + 1;',
      suffix: '\n    }\n\n    int G(int y)\n    {\n        return F(y,\n    }\n}\n',
    },
    {
      name: 'an unclosed initializer above the method',
      prefix: 'class A\n{\n    static readonly int[] Values = { 1, 2\n\n    int F(int x)\n    {\n        ',
      good: 'return x * 2;',
      bad: 'return x * (2;',
      suffix: '\n    }\n}\n',
    },
  ],
  imports: [
    {
      files: ['Shop/Cart.cs', 'Shop/Models/Item.cs', 'Shop/Models/Price.cs', 'App/Program.cs'],
      from: 'Shop/Cart.cs',
      text: 'using System;\nusing Shop.Models;\n\nnamespace Shop;\n',
      namespaces: { 'Shop.Models': ['Shop/Models/Item.cs', 'Shop/Models/Price.cs'], Shop: ['Shop/Cart.cs'] },
      found: ['Shop/Models/Item.cs', 'Shop/Models/Price.cs'],
    },
    {
      files: ['Shop/Cart.cs', 'App/Program.cs'],
      from: 'App/Program.cs',
      text: 'using static System.Math;\nusing Shop;\n',
      namespaces: { Shop: ['Shop/Cart.cs'] },
      found: ['Shop/Cart.cs'],
    },
  ],
  definitions: [
    {
      text: 'public sealed class Cart\n{\n    public int Total()\n    {\n        return 0;\n    }\n}\npublic record Point(int X, int Y);\n',
      names: ['Cart', 'Total', 'Point'],
    },
  ],
  // A block comment holding another `/*` (lexer.ts reads it as one left open).
  lexerUnread: /\/\*(?:(?!\*\/)[\s\S])*\/\*/,
  toolchain: { command: 'mcs', args: ['-target:library', `-out:${join(built, 'case.dll')}`], debianPackage: 'mono-mcs' },
  heldOut: { none: "no C# library sources on this machine: Debian installs Mono's assemblies, not their sources" },
});
