// PHP's cases, run by the suite every plug-in language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by Debian's php (`php -l`).
import { pluginSuite } from '../../../testing/languages/plugin-suite';
import { php } from './language';

const CLASS =
  '<?php\nnamespace Shop;\n\nclass Cart\n{\n    private array $items = [];\n\n    public function add(Item $item): self\n    {\n        ';
const CLASS_END = '\n    }\n}\n';

pluginSuite(php, {
  valid: [
    [CLASS, '$this->items[] = $item;\n        return $this;', CLASS_END],
    [
      CLASS,
      "if ($item->price() < 0) {\n            throw new \\InvalidArgumentException('negative price');\n        }\n        return $this;",
      CLASS_END,
    ],
    ['<?php\nfunction total(array $xs): int\n{\n    ', 'return array_sum(array_map(fn ($x) => $x * 2, $xs));', '\n}\n'],
    ['<?php\n$name = Foo::class;\n', "$list = $repo->list(); # a comment that's not code\n", 'echo $name;\n'],
    ['<?php\nfunction f($x) {\n    ', 'return match ($x) {\n        1 => "one {$x}",\n        default => \'other\',\n    };', '\n}\n'],
  ],
  invalid: [
    [CLASS, '$this->items[] = $item', CLASS_END],
    [CLASS, 'return $this->items[$item->id(];', CLASS_END],
    ['<?php\nfunction total(array $xs): int\n{\n    ', 'return array_sum($xs', '\n}\n'],
    ['<?php\nfunction f($x) {\n    ', 'return return 1;', '\n}\n'],
  ],
  editStates: [
    {
      name: 'a half-typed statement in the next method',
      prefix: '<?php\nclass A\n{\n    public function a($x)\n    {\n        ',
      good: 'return $x + 1;',
      bad: 'return ($x + 1;',
      suffix: '\n    }\n\n    public function b($y)\n    {\n        $y->call(1,\n    }\n}\n',
    },
    {
      name: 'an unclosed array a few lines above the function',
      prefix: '<?php\n$values = [1, 2\n\nfunction a($x)\n{\n    ',
      good: 'return $x * 2;',
      bad: 'return $x * (2;',
      suffix: '\n}\n',
    },
  ],
  imports: [
    {
      files: ['src/Shop/Cart.php', 'src/Shop/Item.php', 'src/helpers.php', 'tests/CartTest.php'],
      from: 'src/Shop/Cart.php',
      text: "<?php\nnamespace Shop;\nuse Shop\\Item;\nuse Psr\\Log\\LoggerInterface;\nrequire_once __DIR__ . '/../helpers.php';\n",
      found: ['src/Shop/Item.php', 'src/helpers.php'],
    },
    {
      files: ['src/Shop/Cart.php', 'tests/CartTest.php'],
      from: 'tests/CartTest.php',
      text: '<?php\nuse Shop\\Cart as ShopCart;\n',
      found: ['src/Shop/Cart.php'],
    },
  ],
  definitions: [
    {
      text: "<?php\nfinal class Cart\n{\n    public const LIMIT = 10;\n    public static function build(): self\n    {\n    }\n}\ninterface Priced\n{\n}\ndefine('VERSION', '1');\n",
      names: ['Cart', 'LIMIT', 'build', 'Priced', 'VERSION'],
    },
  ],
  // Heredocs and nowdocs, HTML outside `<?php ... ?>` (language.ts).
  lexerUnread: /<<<|\?>/,
  toolchain: { command: 'php', args: ['-l'], debianPackage: 'php-cli' },
  heldOut: { roots: ['/usr/share/php'], debianPackages: ['php-pear'], files: 50, spansPerFile: 16 },
});
