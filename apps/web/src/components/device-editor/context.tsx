import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { EditorState, FieldPath } from './model';

/** What every field of the editor needs: the state, a setter by path, and the messages by path. */
export interface EditorCtx {
  state: EditorState;
  set(path: FieldPath, value: unknown): void;
  /** Errors (already translated) by field path. */
  errors: Map<string, string[]>;
  /** Warnings (translated) by field path. */
  warnings: Map<string, string[]>;
  disabled?: boolean;
}

/**
 * The editor's context as a store rather than a value: a context value that changes with every
 * keystroke re-renders every field of the editor (all its antd form items, thousands of
 * components: 270-410 ms a keystroke on two cores), while a field needs its own value and
 * messages. Components take what they read through useEditorSelect and re-render only when that
 * changed; handlers that need the whole device read it when they run (useEditorRead).
 */
export interface EditorStore {
  get(): EditorCtx;
  subscribe(listener: () => void): () => void;
  /** Sets a field through the newest context: stable, so it can be handed to memoised children. */
  set(path: FieldPath, value: unknown): void;
}

/** A value held outside React: read with useSyncExternalStore, its listeners told on notify(). */
export interface Store<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
  /** Makes `value` the current one; listeners hear of it on notify(). */
  put(value: T): void;
  /** Tells the listeners, once per value put since the last time. */
  notify(): void;
}

export function createStore<T>(initial: T): Store<T> {
  let current = initial;
  let told = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    put(value) {
      current = value;
    },
    notify() {
      if (told === current) return;
      told = current;
      for (const l of [...listeners]) l();
    },
  };
}

export type OwnedEditorStore = EditorStore & Store<EditorCtx>;

export function createEditorStore(initial: EditorCtx): OwnedEditorStore {
  const store = createStore(initial);
  return { ...store, set: (path, value) => store.get().set(path, value) };
}

export const EditorContext = createContext<EditorStore | null>(null);

function useEditorStore(): EditorStore {
  const c = useContext(EditorContext);
  if (!c) throw new Error('an editor field outside the device editor');
  return c;
}

/**
 * A part of the context, re-rendering only when it changed by `equal` (default Object.is; the
 * state shares every object an edit did not touch, model.ts setAt). A selection equal to the last
 * one is handed back as the last one, so a derived array does not count as a change.
 */
export function useEditorSelect<T>(select: (c: EditorCtx) => T, equal: (a: T, b: T) => boolean = Object.is): T {
  const store = useEditorStore();
  const last = useRef<{ ctx: EditorCtx; select: (c: EditorCtx) => T; value: T } | null>(null);
  const snapshot = () => {
    const ctx = store.get();
    const prev = last.current;
    if (prev && prev.ctx === ctx && prev.select === select) return prev.value;
    const next = select(ctx);
    const value = prev && equal(prev.value, next) ? prev.value : next;
    last.current = { ctx, select, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, snapshot);
}

/** The editor's setter, the same function for the editor's whole life. */
export function useEditorSet(): (path: FieldPath, value: unknown) => void {
  return useEditorStore().set;
}

/**
 * The context as it is now, read without subscribing: for effects and handlers that need the whole
 * device while the component re-renders on the part it shows.
 */
export function useEditorRead(): () => EditorCtx {
  return useEditorStore().get;
}

/** Two lists with the same members in the same order. */
export function sameList<T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => Object.is(x, b[i]));
}

/** The messages of one field, kept the same arrays while their words are the same. */
export function useFieldMessages(path: FieldPath): { errors: string[] | undefined; warnings: string[] | undefined } {
  const errors = useEditorSelect((c) => c.errors.get(path), sameList);
  const warnings = useEditorSelect((c) => c.warnings.get(path), sameList);
  return { errors, warnings };
}

/** Whether any error (or, with `warnings`, any warning) is on a field whose path starts with `prefix`. */
export function useHasIssue(prefix: string, which: 'errors' | 'warnings' = 'errors'): boolean {
  return useEditorSelect((c) => {
    for (const k of c[which].keys()) if (k.startsWith(prefix)) return true;
    return false;
  });
}

/** The DOM id of a field (labels point at it; tests find fields by it). */
export function fieldId(path: FieldPath): string {
  return `dev-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
}
