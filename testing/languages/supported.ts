// The languages the syntax check serves (those with a grammar), for tests
// that walk every one.
import { languagesWhere } from '../../src/languages';
import type { LanguageId } from '../../src/vocabulary';

export const SUPPORTED_LANGUAGES: readonly LanguageId[] = languagesWhere((s) => s.grammar !== null);
