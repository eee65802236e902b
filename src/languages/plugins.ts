// Every language, one folder each (src/languages/<id>/), in the registry's
// order. One line per language: the registry, the families, the import
// readers and the grammars the build bundles all read this list, and the
// editor loads each folder's monaco.ts. Adding one: CONTRIBUTING.md.
import { c } from './c/language';
import { cpp } from './cpp/language';
import { csharp } from './csharp/language';
import { go } from './go/language';
import { java } from './java/language';
import { javascript } from './javascript/language';
import { php } from './php/language';
import { python } from './python/language';
import { ruby } from './ruby/language';
import { rust } from './rust/language';
import type { LanguagePlugin } from './spec';
import { tsx } from './tsx/language';
import { typescript } from './typescript/language';

export const PLUGINS: readonly LanguagePlugin[] = [python, java, cpp, csharp, javascript, typescript, tsx, go, rust, c, ruby, php];
