import { describe, expect, it } from 'vitest';
import { panelForKey } from './panel-keys';

const key = (k: Partial<KeyboardEvent>) => ({ key: 'b', code: 'KeyB', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...k });

describe('panel keys', () => {
  it('Ctrl+B toggles the tree and Ctrl+Alt+B the side panel (Cmd on a Mac)', () => {
    expect(panelForKey(key({ ctrlKey: true }), false)).toBe('tree');
    expect(panelForKey(key({ ctrlKey: true, altKey: true }), false)).toBe('side');
    expect(panelForKey(key({ metaKey: true }), true)).toBe('tree');
    // ⌥B types ∫ on a Mac layout: the physical key still counts.
    expect(panelForKey(key({ metaKey: true, altKey: true, key: '∫' }), true)).toBe('side');
  });

  it('leaves other keys alone: plain B, Shift, the wrong modifier for the platform', () => {
    expect(panelForKey(key({}), false)).toBeUndefined();
    expect(panelForKey(key({ ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
    expect(panelForKey(key({ metaKey: true }), false)).toBeUndefined();
    expect(panelForKey(key({ ctrlKey: true }), true)).toBeUndefined();
    expect(panelForKey(key({ ctrlKey: true, key: 'n', code: 'KeyN' }), false)).toBeUndefined();
  });
});
