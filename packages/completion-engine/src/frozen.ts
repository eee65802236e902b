// Copies the host may read but never change: what it holds cannot reach back
// into the engine's own objects.

type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** A structured copy of `value`, frozen all the way down. */
export function deepFrozenCopy<T>(value: T): DeepReadonly<T> & T {
  return deepFreeze(structuredClone(value)) as DeepReadonly<T> & T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
