// Path rules for files whose content never leaves the machine.
import { minimatch } from 'minimatch';

/** The first never-send glob that matches the file, if any. */
export function neverSendRuleFor(file: string, globs: readonly string[]): string | undefined {
  const path = file.replace(/\\/g, '/').replace(/^\/+/, '');
  // matchBase: a glob without a slash (`*.env`) matches the file name in any folder.
  return globs.find((g) => minimatch(path, g, { dot: true, nocase: true, matchBase: !g.includes('/') }));
}
