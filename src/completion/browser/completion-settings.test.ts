import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { resolveConfig } from '../../config/merge';
import { ConfigStore } from '../../config/store';
import type { AppConfig } from '../../vocabulary/config';
import { EDITOR_SETTINGS } from '../../vocabulary/settings';
import { followEditorSettings } from './completion-settings';

const withEditor = (base: AppConfig, editor: Partial<AppConfig['editor']>) => resolveConfig(base, { editor }).config;

describe('followEditorSettings', () => {
  it('has a reader for every editor setting of the schema, named as the setting, and `adaptive` for adaptiveDebounce', () => {
    const followed = followEditorSettings(new ConfigStore(DEFAULT_CONFIG));
    expect(Object.keys(followed.readers).sort()).toEqual([...Object.keys(EDITOR_SETTINGS), 'adaptive'].sort());
    expect(followed.readers.debounceMs()).toBe(DEFAULT_CONFIG.editor.debounceMs);
    expect(followed.readers.adaptive()).toBe(true);
    expect(followed.readers.predictOnAccept()).toBe(true);
  });

  it('reads each change of the store at once, with no new readers', () => {
    const store = new ConfigStore(DEFAULT_CONFIG);
    const { readers } = followEditorSettings(store);
    const { debounceMs, adaptive, predictOnAccept } = readers;
    store.set(withEditor(store.get(), { debounceMs: 40, adaptiveDebounce: false, predictOnAccept: false }));
    expect([debounceMs(), adaptive(), readers.adaptiveDebounce(), predictOnAccept()]).toEqual([40, false, false, false]);
    store.set(withEditor(store.get(), { predictOnAccept: true }));
    expect([debounceMs(), adaptive(), predictOnAccept()]).toEqual([40, false, true]);
  });

  it('reads an optional setting a config leaves out (an older config) as its default', () => {
    const { predictOnAccept: _left, ...older } = DEFAULT_CONFIG.editor;
    const store = new ConfigStore({ ...DEFAULT_CONFIG, editor: { ...older, debounceMs: 90 } });
    const { readers } = followEditorSettings(store);
    expect([readers.debounceMs(), readers.predictOnAccept()]).toEqual([90, true]);
  });

  it('stops following the store on dispose: the readers keep the last values', () => {
    const store = new ConfigStore(DEFAULT_CONFIG);
    const followed = followEditorSettings(store);
    store.set(withEditor(store.get(), { debounceMs: 120 }));
    followed.dispose();
    store.set(withEditor(store.get(), { debounceMs: 0, predictOnAccept: false }));
    expect(followed.readers.debounceMs()).toBe(120);
    expect(followed.readers.predictOnAccept()).toBe(true);
  });
});
