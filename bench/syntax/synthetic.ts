// Generated source files for the syntax benches: plain TypeScript, so the
// Node bench and the browser page (bench/syntax/page-probe.ts) share them.

const UNITS = {
  python: (i: number) => `def f_${i}(a, b):\n    total = 0\n    for x in range(a):\n        if x % 2 == 0:\n            total += x * b\n        else:\n            total -= 1\n    return total\n\n\n`,
  java: (i: number) => `  int f_${i}(int a, int b) {\n    int total = 0;\n    for (int x = 0; x < a; x++) {\n      if (x % 2 == 0) total += x * b;\n      else total -= 1;\n    }\n    return total;\n  }\n\n`,
  cpp: (i: number) => `int f_${i}(int a, int b) {\n  int total = 0;\n  for (int x = 0; x < a; x++) {\n    if (x % 2 == 0) total += x * b;\n    else total -= 1;\n  }\n  return total;\n}\n\n`,
};

/** Files of `lines` lines (or, with `chars`, of at least that many code units): small functions (methods) with a hole in the middle one. */
export function syntheticFile(language: 'python' | 'java' | 'cpp', lines: number, chars = 0): { text: string; offset: number; completion: string } {
  const unit = UNITS[language];
  const parts: string[] = [];
  let count = language === 'java' ? 2 : 0;
  let size = 0;
  for (let i = 0; count < lines || size < chars; i++) {
    const u = unit(i);
    parts.push(u);
    count += u.split('\n').length - 1;
    size += u.length;
  }
  let text = language === 'java' ? `class Big {\n${parts.join('')}}\n` : parts.join('');
  // The hole: `total = ` with the cursor at its end, as while typing.
  const marker = language === 'python' ? '    total = 0' : language === 'java' ? '    int total = 0' : '  int total = 0';
  const offset = text.indexOf(marker, text.length >> 1) + marker.length - 1;
  text = text.slice(0, offset) + text.slice(offset + 1);
  return { text, offset, completion: 'a + b' };
}
