// C++'s cases, run by the suite every language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by Debian's g++ (`g++ -fsyntax-only`).
import { pluginSuite } from '../../../testing/languages/plugin-suite';
import { cpp } from './language';

const CLASS = '#include <vector>\n#include <string>\n\nclass Stack {\n public:\n  Stack& push(int x) {\n    ';
const CLASS_END = '\n  }\n\n private:\n  std::vector<int> items_;\n};\n';

pluginSuite(cpp, {
  valid: [
    [CLASS, 'items_.push_back(x);\n    return *this;', CLASS_END],
    [CLASS, 'if (x < 0) {\n      throw x;\n    }\n    items_.push_back(x);\n    return *this;', CLASS_END],
    [
      '#include <numeric>\n#include <vector>\n\nint total(const std::vector<int>& xs) {\n  ',
      'return std::accumulate(xs.begin(), xs.end(), 0, [](int a, int b) { return a + b * 2; });',
      '\n}\n',
    ],
    [
      '#include <map>\n#include <vector>\n\n',
      'template <typename K, typename V>\nusing Table = std::map<K, std::vector<V>>;\n',
      '\nint main() { return 0; }\n',
    ],
    ['#include <cstdio>\n\nint main() {\n  ', 'const char* s = "a ( [ {";  // ) ]\n  std::printf("%s\\n", s);', '\n  return 0;\n}\n'],
  ],
  invalid: [
    [CLASS, 'items_.push_back(x;\n    return *this;', CLASS_END],
    [CLASS, 'items_.push_back(x)\n    return *this;', CLASS_END],
    ['int total(int a, int b) {\n  ', 'return a + ;', '\n}\n'],
    ['int f(int x) {\n  ', 'if (x > 0 {\n    return 1;\n  }\n  return 0;', '\n}\n'],
  ],
  editStates: [
    {
      name: 'a half-typed call in the function below',
      prefix: 'int a(int x) {\n  ',
      good: 'return x + 1;',
      bad: 'return (x + 1;',
      suffix: '\n}\n\nint b(int y) {\n  return a(y,\n}\n',
    },
    {
      name: 'an unclosed initializer above the function',
      prefix: 'int values[] = {1, 2\n\nint a(int x) {\n  ',
      good: 'return x * 2;',
      bad: 'return x * (2;',
      suffix: '\n}\n',
    },
  ],
  imports: [
    {
      files: ['src/shop/cart.cpp', 'src/shop/cart.h', 'src/shop/item.h', 'include/util/money.h', 'tests/cart_test.cpp'],
      from: 'src/shop/cart.cpp',
      text: '#include "item.h"\n#include <util/money.h>\n#include <vector>\n',
      found: ['src/shop/cart.h', 'src/shop/item.h', 'include/util/money.h'],
    },
    {
      files: ['src/shop/cart.cpp', 'src/shop/cart.h', 'tests/cart_test.cpp'],
      from: 'tests/cart_test.cpp',
      text: '#include "shop/cart.h"\n',
      found: ['src/shop/cart.h'],
    },
  ],
  definitions: [
    {
      text: '#define LIMIT 10\nnamespace shop {\nclass Cart {\n};\nstruct Item {\n  int price;\n};\nint total(const Cart& c) {\n  return 0;\n}\n}\n',
      names: ['LIMIT', 'shop', 'Cart', 'Item', 'total'],
    },
  ],
  // A block comment holding another `/*` (lexer.ts reads it as one left open).
  lexerUnread: /\/\*(?:(?!\*\/)[\s\S])*\/\*/,
  toolchain: { command: 'g++', args: ['-fsyntax-only', '-x', 'c++'], debianPackage: 'g++' },
  // The C library's headers for the machine's architecture: the grammar finds errors in most of the
  // C++ library's headers and in half of the others (macros it reads as code).
  heldOut: { roots: ['/usr/include/x86_64-linux-gnu'], debianPackages: ['libc6-dev'], files: 100, spansPerFile: 10 },
});
