// Git's binary patch ("GIT binary patch", as `git diff --binary` writes it):
// each side's bytes zlib-deflated, in git's base85, 52 bytes a line. With
// the full blob ids on the index line, `git apply` checks the old side and
// writes the new one.
import { zlibSync } from 'fflate';

const EN85 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

function base85(data: Uint8Array): string {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    let acc = 0;
    for (let j = 0; j < 4; j++) acc = acc * 256 + (data[i + j] ?? 0);
    const group: string[] = [];
    for (let k = 0; k < 5; k++) {
      group.unshift(EN85[acc % 85]);
      acc = Math.floor(acc / 85);
    }
    out += group.join('');
  }
  return out;
}

/** One side as a `literal` block: its size, then the deflated bytes in lines. */
function literal(bytes: Uint8Array): string {
  const deflated = zlibSync(bytes);
  let out = `literal ${bytes.length}\n`;
  for (let i = 0; i < deflated.length; i += 52) {
    const line = deflated.subarray(i, i + 52);
    const n = line.length;
    out += (n <= 26 ? String.fromCharCode(64 + n) : String.fromCharCode(96 + n - 26)) + base85(line) + '\n';
  }
  return `${out}\n`;
}

/** The patch body from `before` to `after` (an empty side for an added or deleted file), after the index line. */
export function binaryPatch(before: Uint8Array, after: Uint8Array): string {
  return `GIT binary patch\n${literal(after)}${literal(before)}`;
}
