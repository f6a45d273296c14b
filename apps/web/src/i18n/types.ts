/** The shape every language must have: the same keys as zh-CN, with string leaves. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
