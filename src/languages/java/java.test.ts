// Java's cases, run by the suite every language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by Debian's javac (the suite writes it as `case.java`, so its classes are
// not public; javac writes the classes beside it, in the suite's scratch).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pluginSuite } from '../../../testing/languages/plugin-suite';
import { java } from './language';

const CLASS =
  'import java.util.ArrayList;\nimport java.util.List;\n\nclass Stack {\n  private final List<Integer> items = new ArrayList<>();\n\n  Stack push(int x) {\n    ';
const CLASS_END = '\n  }\n}\n';

/** The JDKs' source archives (Debian's openjdk-17-source installs its JDK's). */
const JDK = '/usr/lib/jvm';
const sourceArchives = (() => {
  try {
    return readdirSync(JDK, { withFileTypes: true })
      .filter((d) => !d.name.startsWith('.'))
      .map((d) => join(JDK, d.name, 'lib', 'src.zip'));
  } catch {
    return [join(JDK, 'default-java', 'lib', 'src.zip')];
  }
})();

pluginSuite(java, {
  valid: [
    [CLASS, 'items.add(x);\n    return this;', CLASS_END],
    [
      CLASS,
      'if (x < 0) {\n      throw new IllegalArgumentException("negative: " + x);\n    }\n    items.add(x);\n    return this;',
      CLASS_END,
    ],
    [
      'import java.util.List;\n\nclass Sums {\n  static int total(List<Integer> xs) {\n    ',
      'return xs.stream().filter(x -> x > 0).mapToInt(x -> x * 2).sum();',
      '\n  }\n}\n',
    ],
    [
      'class Names {\n  static String name(String first, String last) {\n    ',
      'String s = "a ( [ {"; // ) ]\n    return first + s + last;',
      '\n  }\n}\n',
    ],
    ['import java.util.Map;\n\nclass Tables {\n  ', 'record Row(String key, Map<String, Integer> values) {}\n', '}\n'],
  ],
  invalid: [
    [CLASS, 'items.add(x;\n    return this;', CLASS_END],
    [CLASS, 'items.add(x)\n    return this;', CLASS_END],
    ['class Sums {\n  static int total(int a, int b) {\n    ', 'return a + ;', '\n  }\n}\n'],
    ['class F {\n  static int f(int x) {\n    ', 'if (x > 0 {\n      return 1;\n    }\n    return 0;', '\n  }\n}\n'],
  ],
  editStates: [
    {
      name: 'a half-typed call in the method below',
      prefix: 'class A {\n  int a(int x) {\n    ',
      good: 'return x + 1;',
      bad: 'return (x + 1;',
      suffix: '\n  }\n\n  int b(int y) {\n    return a(y,\n  }\n}\n',
    },
    {
      name: 'an unclosed initializer above the method',
      prefix: 'class A {\n  static final int[] VALUES = {1, 2\n\n  int a(int x) {\n    ',
      good: 'return x * 2;',
      bad: 'return x * (2;',
      suffix: '\n  }\n}\n',
    },
  ],
  imports: [
    {
      files: ['src/com/shop/Cart.java', 'src/com/shop/Item.java', 'src/com/shop/util/Money.java', 'src/com/app/Main.java'],
      from: 'src/com/shop/Cart.java',
      text: 'package com.shop;\n\nimport com.shop.util.Money;\nimport java.util.List;\n',
      found: ['src/com/shop/Item.java', 'src/com/shop/util/Money.java'],
    },
    {
      files: ['src/com/shop/Cart.java', 'src/com/shop/Item.java', 'src/com/app/Main.java'],
      from: 'src/com/app/Main.java',
      text: 'package com.app;\n\nimport com.shop.*;\n',
      found: ['src/com/shop/Cart.java', 'src/com/shop/Item.java'],
    },
  ],
  definitions: [
    {
      text: 'public class Cart {\n  public static final int LIMIT = 10;\n  public int total() {\n    return 0;\n  }\n}\ninterface Priced {\n}\n',
      names: ['Cart', 'LIMIT', 'total', 'Priced'],
    },
  ],
  // A block comment holding another `/*` (lexer.ts reads it as one left open).
  lexerUnread: /\/\*(?:(?!\*\/)[\s\S])*\/\*/,
  toolchain: { command: 'javac', args: ['-proc:none'], debianPackage: 'default-jdk-headless' },
  heldOut: { zips: sourceArchives, members: 'java.base/java/util/', debianPackages: ['openjdk-17-source'], files: 100, spansPerFile: 10 },
});
