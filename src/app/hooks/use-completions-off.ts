// Languages the user switched completions off for: a preference kept in this browser, best effort.
import { useState } from 'react';
import { isArray, readStored, writeStored } from '../local-store';

const LANG_OFF_KEY = 'router-ide.completions-off';

export function useCompletionsOff() {
  const [off, setOff] = useState<string[]>(() => readStored(LANG_OFF_KEY, [], isArray).filter((x): x is string => typeof x === 'string'));
  const setOn = (lang: string, on: boolean) => {
    const next = on ? off.filter((l) => l !== lang) : [...new Set([...off, lang])];
    setOff(next);
    writeStored(LANG_OFF_KEY, next);
  };
  return { off, setOn };
}
