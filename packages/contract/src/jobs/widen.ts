/**
 * A schema's output type with every string union widened to string: what a form or a stored job holds before
 * the server has checked its values against the option lists.
 */
export type Widen<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Widen<Item>[]
    : T extends object
      ? { [K in keyof T]: Widen<T[K]> }
      : T;
