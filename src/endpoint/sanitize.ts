// Completion text from a server is untrusted. It goes into the user's file,
// and from there to terminals (cat, git diff) and reviewers' screens, so
// invisible characters that change how text is displayed are removed here:
//
// - terminal escape sequences, removed WHOLE (CSI `ESC [ ... m`, OSC
//   `ESC ] ... BEL`, DCS/APC/PM/SOS, two-byte `ESC x`): dropping only the ESC
//   byte would leave `[31m` garbage in the code;
// - other C0 controls except tab, line feed and CR+LF, DEL, and C1 controls;
// - a lone CR (it overwrites a terminal line: text hidden in review);
// - bidirectional embedding/override/isolate controls (U+202A-U+202E,
//   U+2066-U+2069; "Trojan Source", CVE-2021-42574).
//
// Stripping rather than refusing keeps a useful completion when a model
// emits stray sequences (models trained on logs do), and the count is
// reported so the badge can say something was removed. HTML is NOT touched:
// in a code editor `<div>` or `<script>` is code, and it is safe because the
// editor renders text, never markup.

const ESCAPE_SEQUENCES = new RegExp(
  [
    '\\x1b\\[[0-?]*[ -/]*[@-~]', // CSI
    '\\x9b[0-?]*[ -/]*[@-~]', // 8-bit CSI
    '(?:\\x1b\\]|\\x9d)[^\\x07\\x1b\\x9c]*(?:\\x07|\\x1b\\\\|\\x9c)?', // OSC (title, hyperlinks), to BEL/ST or the end
    '(?:\\x1b[PX^_]|[\\x90\\x98\\x9e\\x9f])[^\\x1b\\x9c]*(?:\\x1b\\\\|\\x9c)?', // DCS, SOS, PM, APC
    '\\x1b[ -~]?', // any other ESC + one byte, or a trailing ESC
  ].join('|'),
  'g',
);

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

export function stripControls(text: string): { text: string; removed: number } {
  let removed = 0;
  const out = text.replace(ESCAPE_SEQUENCES, (m) => ((removed += m.length), '')).replace(CONTROLS, (m) => ((removed += m.length), ''));
  return { text: out, removed };
}
