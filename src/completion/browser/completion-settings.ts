// The editor's completion settings (`editor.*` in the config), followed from
// the app's config store: the controller reads the current value when it
// decides (the wait before a request, the ready-on-accept prediction), the
// store's change events keep that value current, and no component builds or
// passes on a reader of its own. Each setting of the group is the
// controller's hook of the same name, so a new editor setting needs its
// record in src/vocabulary/settings.ts and the hook in the controller that
// uses it, and nothing here.
import { DEFAULT_CONFIG } from '../../config/defaults';
import type { ConfigStore } from '../../config/store';
import type { EditorSettings } from '../../vocabulary/settings';

/** One reader per editor setting, named as the setting (the controller's hooks), with the default where a config leaves it out. */
export type EditorSettingReaders = { readonly [K in keyof EditorSettings]-?: () => NonNullable<EditorSettings[K]> } & {
  /** The controller's (and the Monaco package's) name for `editor.adaptiveDebounce`. */
  readonly adaptive: () => boolean;
};

export interface FollowedEditorSettings {
  readonly readers: EditorSettingReaders;
  /** Stops following the store: the readers keep the last values. */
  dispose(): void;
}

type Complete = Required<EditorSettings>;

/** The group's values, each one a config leaves out (an optional setting in an older config) at its default. */
const complete = (editor: EditorSettings): Complete => ({ ...(DEFAULT_CONFIG.editor as Complete), ...definedOf(editor) });

function definedOf(editor: EditorSettings): Partial<EditorSettings> {
  return Object.fromEntries(Object.entries(editor).filter(([, v]) => v !== undefined)) as Partial<EditorSettings>;
}

/** Follows `store`'s editor settings until `dispose()`. */
export function followEditorSettings(store: ConfigStore): FollowedEditorSettings {
  let current = complete(store.get().editor);
  const stop = store.subscribe((next, previous) => {
    if (next.editor !== previous.editor) current = complete(next.editor);
  });
  const keys = Object.keys(DEFAULT_CONFIG.editor) as (keyof Complete)[];
  const readers = Object.fromEntries(keys.map((k) => [k, () => current[k]])) as unknown as Omit<EditorSettingReaders, 'adaptive'>;
  return { readers: { ...readers, adaptive: () => current.adaptiveDebounce }, dispose: stop };
}
