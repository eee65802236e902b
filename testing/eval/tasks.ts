// Small constructed tasks for the judge tests: a + b from stdin, per language,
// so a deliberately wrong middle fails for one known reason.
import type { Task } from '../../eval/data/types';

const TESTS = [
  { input: '2 3\n', outputs: ['5'] },
  { input: '10 -4\n', outputs: ['6'] },
];

const SHAPES: Record<string, { prefix: string; suffix: string; right: string; wrong: string; broken: string; loop: string }> = {
  python: {
    prefix: 'a, b = map(int, input().split())\n',
    suffix: '\n',
    right: 'print(a + b)',
    wrong: 'print(a - b)',
    broken: 'print(a +',
    loop: 'while True:\n    pass',
  },
  cpp: {
    prefix: '#include <cstdio>\nint main() {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  ',
    suffix: '\n  return 0;\n}\n',
    right: 'printf("%d\\n", a + b);',
    wrong: 'printf("%d\\n", a - b);',
    broken: 'printf("%d\\n", a + );',
    loop: 'volatile int x = 0; while (true) { x++; }',
  },
  java: {
    prefix:
      'import java.util.*;\npublic class Sum {\n  public static void main(String[] args) {\n    Scanner s = new Scanner(System.in);\n    int a = s.nextInt(), b = s.nextInt();\n    ',
    suffix: '\n  }\n}\n',
    right: 'System.out.println(a + b);',
    wrong: 'System.out.println(a - b);',
    broken: 'System.out.println(a + );',
    loop: 'long x = 0; while (true) { x++; }',
  },
  csharp: {
    prefix:
      "using System;\nclass Program {\n  static void Main() {\n    var p = Console.ReadLine().Split(' ');\n    int a = int.Parse(p[0]), b = int.Parse(p[1]);\n    ",
    suffix: '\n  }\n}\n',
    right: 'Console.WriteLine(a + b);',
    wrong: 'Console.WriteLine(a - b);',
    broken: 'Console.WriteLine(a + );',
    loop: 'long x = 0; while (true) { x++; }',
  },
};

export type Variant = 'right' | 'wrong' | 'broken' | 'loop';

export function sumTask(language: 'python' | 'cpp' | 'java' | 'csharp'): Task & { middles: Record<Variant, string> } {
  const s = SHAPES[language];
  return {
    key: `test/sum/${language}`,
    taskId: `sum_${language}`,
    benchmark: 'safim',
    subset: 'block',
    language,
    prefix: s.prefix,
    suffix: s.suffix,
    groundTruth: s.right,
    judge: { kind: 'stdio', tests: TESTS },
    group: `sum_${language}`,
    middles: { right: s.right, wrong: s.wrong, broken: s.broken, loop: s.loop },
  };
}

/** A HumanEval-shaped task: the middle is the body line of `add`. */
export function addTask(): Task {
  return {
    key: 'test/add',
    taskId: 'Test/HumanEval/0/L0',
    benchmark: 'humaneval',
    subset: 'single-line',
    language: 'python',
    prefix: 'def add(a, b):\n',
    suffix: '\n',
    groundTruth: '    return a + b\n',
    judge: { kind: 'humaneval', test: 'def check(candidate):\n    assert candidate(2, 3) == 5\n', entryPoint: 'add' },
    group: 'test/add',
  };
}
