// The languages the syntax check serves (those with a grammar), for tests
// that walk every one.
import { languagesWhere } from '../../src/languages/registry';
import type { LanguageId } from '../../src/vocabulary/types';

export const SUPPORTED_LANGUAGES: readonly LanguageId[] = languagesWhere((s) => s.grammar !== null);
