// Bytes to text for import: UTF-8 first; a file that is not valid UTF-8 but
// reads as text (older editors on Windows save Latin-1 / Windows-1252) is read
// as Windows-1252, and the caller says so. Anything else is binary.

type TextEncodingName = 'utf-8' | 'windows-1252';

/** How much of a file is looked at to tell text from binary. */
const SNIFF_BYTES = 8192;
/** The share of control bytes a text file may have: a stray form feed yes, a binary format no. */
const MAX_CONTROL_SHARE = 0.01;

/** Undefined for binary: a NUL byte near the start, or not UTF-8 and not mostly printable. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } | undefined {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return undefined;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding: 'utf-8' };
  } catch {
    if (!mostlyPrintable(head)) return undefined;
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** Control bytes (other than tab, newlines and form feed) and the bytes Windows-1252 leaves undefined are rare in text. */
function mostlyPrintable(head: Uint8Array): boolean {
  let control = 0;
  for (const b of head) {
    const isControl =
      (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) ||
      b === 0x7f ||
      b === 0x81 ||
      b === 0x8d ||
      b === 0x8f ||
      b === 0x90 ||
      b === 0x9d;
    if (isControl) control++;
  }
  return control <= head.length * MAX_CONTROL_SHARE;
}
