// Saving on request (Ctrl/Cmd+S, the palette). The workspace saves itself as
// you type; this writes what is pending now. One function, so a later target
// (a folder on disk) is added here and every caller gets it.
import type { AutoSaver, SaveState } from '../workspace/persistence';

/** Writes every pending change to the browser's store now; the state after it (an error says what to do). */
export async function saveNow(saver: AutoSaver): Promise<SaveState> {
  await saver.flush();
  return saver.state;
}
