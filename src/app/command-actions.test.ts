import { describe, expect, it } from 'vitest';
import { commandActions, type CommandDeps } from './command-actions';
import { COMMANDS } from './commands';

function deps(o: Partial<CommandDeps> = {}) {
  const calls: string[] = [];
  const d: CommandDeps = {
    openPicker: (w) => calls.push(`picker:${w}`),
    save: () => calls.push('save'),
    openSearch: () => calls.push('search'),
    openHelp: () => calls.push('help'),
    openSettings: () => calls.push('settings'),
    startDemo: () => calls.push('demo'),
    exportZip: () => calls.push('zip'),
    language: 'python',
    completionsOff: [],
    setCompletionsOn: (lang, on) => calls.push(`completions:${lang}:${on}`),
    setView: (v) => calls.push(`view:${v}`),
    togglePanel: (p) => calls.push(`toggle:${p}`),
    ...o,
  };
  return { d, calls };
}

describe('command actions', () => {
  it('every command has an action, and each does its one thing', () => {
    const { d, calls } = deps();
    const actions = commandActions(d);
    for (const c of COMMANDS) actions[c.id]();
    expect(calls).toEqual([
      'picker:quickOpen',
      'picker:palette',
      'save',
      'search',
      'toggle:tree',
      'toggle:side',
      'help',
      'settings',
      'demo',
      'zip',
      'completions:python:false',
      'view:editor',
      'view:review',
    ]);
  });

  it('switching completions turns them back on for a language they are off for', () => {
    const { d, calls } = deps({ completionsOff: ['python'] });
    commandActions(d).toggleCompletions();
    expect(calls).toEqual(['completions:python:true']);
  });

  it('without an open file, switching completions does nothing', () => {
    const { d, calls } = deps({ language: undefined });
    commandActions(d).toggleCompletions();
    expect(calls).toEqual([]);
  });
});
