// Ruby's cases, run by the suite every plug-in language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by Debian's ruby (`ruby -c`).
import { pluginSuite } from '../../../testing/languages/plugin-suite';
import { ruby } from './language';

const CLASS = 'class Stack\n  def initialize\n    @items = []\n  end\n\n  def push(x)\n    ';
const CLASS_END = '\n  end\nend\n';

pluginSuite(ruby, {
  valid: [
    [CLASS, '@items << x\n    self', CLASS_END],
    [CLASS, 'return self if x.nil?\n    @items.push(x)', CLASS_END],
    ['def total(xs)\n  ', 'xs.each_with_object([]) { |x, acc| acc << x.to_s }', '\nend\n'],
    ['def range_end(r)\n  ', 'r.end + self.class.name.size', '\nend\n'],
    ['items = [1, 2, 3]\n', 'squares = items.map do |i|\n  i * i\nend\n', 'puts squares.inspect\n'],
    ['def f(x)\n  ', 'case x\n  when Integer then "int #{x}"\n  else \'other\'\n  end', '\nend\n'],
  ],
  invalid: [
    [CLASS, '@items << (x', CLASS_END],
    [CLASS, 'if x\n      @items.push(x)', CLASS_END],
    ['def total(xs)\n  ', 'xs.map { |x| x * }', '\nend\n'],
    ['def f(x)\n  ', 'y = [1, 2', '\nend\n'],
  ],
  editStates: [
    {
      name: 'a half-typed method call two methods below',
      prefix: 'def a(x)\n  ',
      good: 'x + 1',
      bad: 'x + (1',
      suffix: '\nend\n\ndef b\n  1\nend\n\ndef c(y)\n  y.call(1,\nend\n',
    },
    {
      name: 'an unclosed bracket on a line above the method',
      prefix: 'VALUES = [1, 2\n\ndef a(x)\n  ',
      good: 'x * 2',
      bad: 'x * (2',
      suffix: '\nend\n',
    },
  ],
  imports: [
    {
      files: ['lib/shop.rb', 'lib/shop/cart.rb', 'lib/shop/item.rb', 'spec/cart_spec.rb'],
      from: 'lib/shop/cart.rb',
      text: "require_relative 'item'\nrequire 'json'\n",
      found: ['lib/shop/item.rb'],
    },
    {
      files: ['lib/shop.rb', 'lib/shop/cart.rb', 'spec/cart_spec.rb'],
      from: 'spec/cart_spec.rb',
      text: "require 'shop/cart'\nrequire_relative '../lib/shop'\n",
      found: ['lib/shop/cart.rb', 'lib/shop.rb'],
    },
  ],
  definitions: [
    {
      text: 'module Shop\n  TAX = 0.2\n  class Cart < Base\n    attr_reader :items\n    def self.build\n    end\n    def total\n    end\n  end\nend\n',
      names: ['Shop', 'TAX', 'Cart', 'items', 'build', 'total'],
    },
  ],
  // Heredocs, `%w(...)`-style literals, `?(` characters, `=begin` comments,
  // operator methods (`def []`) and setter symbols (`:name=`) (language.ts).
  lexerUnread: /<<[~-]?['"]?[A-Za-z_]|%[qQwWiIrsx]?[([{<|!/^]|\?[^\s\w]|^=begin|def\s+\[|:\w+=(?!=)/m,
  toolchain: { command: 'ruby', args: ['-c'], debianPackage: 'ruby' },
  heldOut: { roots: ['/usr/lib/ruby'], debianPackages: ['ruby'], files: 100, spansPerFile: 10 },
});
