import { describe, expect, it } from 'vitest';
import { chordLabel, commandForKey, commandKeys, COMMANDS } from './commands';

const key = (k: string, o: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
  key: k,
  ctrlKey: !!o.ctrl,
  metaKey: !!o.meta,
  shiftKey: !!o.shift,
  altKey: !!o.alt,
});

describe('commands', () => {
  it('a key runs one command: Ctrl on Linux and Windows, Cmd on a Mac, Shift exactly as asked', () => {
    expect(commandForKey(key('s', { ctrl: true }), false)).toBe('save');
    expect(commandForKey(key('p', { ctrl: true }), false)).toBe('quickOpen');
    expect(commandForKey(key('P', { ctrl: true, shift: true }), false)).toBe('palette');
    expect(commandForKey(key('F', { ctrl: true, shift: true }), false)).toBe('search');
    expect(commandForKey(key('f', { ctrl: true }), false)).toBeUndefined();
    expect(commandForKey(key('s', { meta: true }), false)).toBeUndefined();
    expect(commandForKey(key('s', { meta: true }), true)).toBe('save');
    expect(commandForKey(key('s', { ctrl: true, alt: true }), false)).toBeUndefined();
    expect(commandForKey(key('s'), false)).toBeUndefined();
  });

  it('Ctrl+B toggles the tree and Ctrl+Alt+B the side panel (Cmd on a Mac), by the physical key where Alt changes the character', () => {
    expect(commandForKey(key('b', { ctrl: true }), false)).toBe('toggleTree');
    expect(commandForKey(key('b', { ctrl: true, alt: true }), false)).toBe('toggleSidePanel');
    expect(commandForKey(key('b', { meta: true }), true)).toBe('toggleTree');
    expect(commandForKey({ ...key('∫', { meta: true, alt: true }), code: 'KeyB' }, true)).toBe('toggleSidePanel');
    expect(commandForKey(key('b'), false)).toBeUndefined();
    expect(commandForKey(key('b', { ctrl: true, shift: true }), false)).toBeUndefined();
    expect(commandForKey(key('b', { ctrl: true }), true)).toBeUndefined();
  });

  it('ids and keys are unique, and the overlay lists every key', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
    const labels = commandKeys(false).map((k) => k.keys);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual(['Ctrl + P', 'Ctrl + Shift + P', 'Ctrl + S', 'Ctrl + Shift + F', 'Ctrl + B', 'Ctrl + Alt + B']);
    expect(chordLabel({ key: 'p', shift: true }, true)).toBe('⌘ ⇧ P');
    expect(chordLabel({ key: 'b', alt: true }, true)).toBe('⌘ ⌥ B');
  });
});
