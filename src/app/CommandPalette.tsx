// Ctrl/Cmd+Shift+P: every command of the registry (commands.ts), by name, with its key.
import { Command } from 'cmdk';
import { chordLabel, COMMANDS, type CommandId } from './commands';
import { PickerDialog } from './Dialog';

interface Props {
  run: (id: CommandId) => void;
  onClose: () => void;
}

export function CommandPalette({ run, onClose }: Props) {
  return (
    <PickerDialog title="Commands" titleId="palette-title" testId="command-palette" onClose={onClose}>
      <Command label="Commands" loop>
        <Command.Input placeholder="Type a command" autoFocus data-testid="palette-input" />
        <Command.List>
          <Command.Empty>No command matches.</Command.Empty>
          {COMMANDS.filter((c) => c.id !== 'palette').map((c) => (
            // Closed first: a command may open another overlay (quick open, search).
            <Command.Item
              key={c.id}
              value={c.title}
              onSelect={() => {
                onClose();
                run(c.id);
              }}
              data-testid={`command-${c.id}`}
            >
              <span>{c.title}</span>
              {'keys' in c && <kbd>{chordLabel(c.keys)}</kbd>}
            </Command.Item>
          ))}
        </Command.List>
      </Command>
    </PickerDialog>
  );
}
