import { createContext, useContext } from 'react';
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

export const EditorContext = createContext<EditorCtx | null>(null);

export function useEditor(): EditorCtx {
  const c = useContext(EditorContext);
  if (!c) throw new Error('useEditor outside the device editor');
  return c;
}

/** The DOM id of a field (labels point at it; tests find fields by it). */
export function fieldId(path: FieldPath): string {
  return `dev-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
}
