// The languages added as plug-in folders (src/languages/<id>/), in the
// registry's order after the built-in ones. One line per language: the
// registry, the families, the import readers and the grammars the build
// bundles all read this list, and the editor loads each folder's monaco.ts.
import type { LanguagePlugin } from './spec';
import { php } from './php/language';
import { ruby } from './ruby/language';

export const PLUGINS: readonly LanguagePlugin[] = [ruby, php];
