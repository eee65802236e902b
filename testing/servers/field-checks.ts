// The request checks the loopback model servers share (openai-server.ts,
// llamacpp-server.ts, ollama-server.ts): each server answers a field of the
// wrong type with its own refusal, and these say what is wrong with it.

export type Check = (v: unknown) => string | undefined;
export const isString: Check = (v) => (typeof v === 'string' ? undefined : 'must be a string');
export const isBool: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be a boolean');
export const isInt =
  (min = -Infinity, max = Infinity): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? undefined : `must be an integer in [${min}, ${max}]`;
export const isNumber =
  (min = -Infinity, max = Infinity): Check =>
  (v) =>
    typeof v === 'number' && v >= min && v <= max ? undefined : `must be a number in [${min}, ${max}]`;
export const isStringList =
  (max = Infinity): Check =>
  (v) =>
    typeof v === 'string' || (Array.isArray(v) && v.length <= max && v.every((s) => typeof s === 'string'))
      ? undefined
      : `must be a string or a list of at most ${max} strings`;

/** Checks each present field; `required` fields must be present. Returns `field: complaint`. */
export function checkFields(body: Record<string, unknown>, spec: Record<string, Check>, required: string[] = []): string | undefined {
  for (const k of required) if (!(k in body)) return `${k}: field required`;
  for (const [k, check] of Object.entries(spec)) {
    if (k in body && body[k] !== null) {
      const why = check(body[k]);
      if (why) return `${k}: ${why}`;
    }
  }
  return undefined;
}
