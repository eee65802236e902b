// Icons from VS Code's codicons (@vscode/codicons, CC BY 4.0), inlined at
// build time: no icon font to wait for (no layout shift, no flash), and they
// take the text colour (fill="currentColor"), so both themes just work.
import beaker from '@vscode/codicons/src/icons/beaker.svg?raw';
import check from '@vscode/codicons/src/icons/check.svg?raw';
import chip from '@vscode/codicons/src/icons/chip.svg?raw';
import circleSlash from '@vscode/codicons/src/icons/circle-slash.svg?raw';
import close from '@vscode/codicons/src/icons/close.svg?raw';
import cloudUpload from '@vscode/codicons/src/icons/cloud-upload.svg?raw';
import desktopDownload from '@vscode/codicons/src/icons/desktop-download.svg?raw';
import diff from '@vscode/codicons/src/icons/diff.svg?raw';
import error from '@vscode/codicons/src/icons/error.svg?raw';
import fileCode from '@vscode/codicons/src/icons/file-code.svg?raw';
import folderOpened from '@vscode/codicons/src/icons/folder-opened.svg?raw';
import info from '@vscode/codicons/src/icons/info.svg?raw';
import lock from '@vscode/codicons/src/icons/lock.svg?raw';
import newFile from '@vscode/codicons/src/icons/new-file.svg?raw';
import newFolder from '@vscode/codicons/src/icons/new-folder.svg?raw';
import pulse from '@vscode/codicons/src/icons/pulse.svg?raw';
import recordKeys from '@vscode/codicons/src/icons/record-keys.svg?raw';
import replace from '@vscode/codicons/src/icons/replace.svg?raw';
import search from '@vscode/codicons/src/icons/search.svg?raw';
import settingsGear from '@vscode/codicons/src/icons/settings-gear.svg?raw';
import shield from '@vscode/codicons/src/icons/shield.svg?raw';
import unlock from '@vscode/codicons/src/icons/unlock.svg?raw';
import warning from '@vscode/codicons/src/icons/warning.svg?raw';

const ICONS = {
  beaker,
  check,
  chip,
  circleSlash,
  close,
  cloudUpload,
  desktopDownload,
  diff,
  error,
  fileCode,
  folderOpened,
  info,
  lock,
  newFile,
  newFolder,
  pulse,
  recordKeys,
  replace,
  search,
  settingsGear,
  shield,
  unlock,
  warning,
} as const;

export type IconName = keyof typeof ICONS;

/** Decorative: the control it sits in carries the words (a label, a title, an aria-label). */
export function Icon({ name }: { name: IconName }) {
  return <span className="cicon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: ICONS[name] }} />;
}
