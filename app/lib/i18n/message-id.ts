import type en from "~/locales/en.json";

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message id of the English catalogue (`common.nav.features`): tsc refuses an unknown one. */
export type MessageId = Leaves<typeof en>;

/** The first part of an id: what a route ships to the browser together (`common`, `home`). */
export type Namespace = keyof typeof en;

/** A message's values: strings and numbers (numbers format by the language's rules). */
export type MessageValues = Record<string, string | number>;
