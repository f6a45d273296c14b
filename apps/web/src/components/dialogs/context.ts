import type { FormInstance } from 'antd';
import { createContext, useContext } from 'react';

/** One state for all four dialogs, so opening one necessarily closes the others (spec §4). */
export type DialogName = 'login' | 'register' | 'forgot' | 'agreement';

export interface DialogState {
  current: DialogName | null;
  /** Where to go after a successful login (from ?redirect= or a lost session). */
  redirect: string | null;
  /** The agreement was opened from the register dialog: offer to return there. */
  fromRegister: boolean;
}

export interface DialogApi extends DialogState {
  open: (name: DialogName, opts?: { redirect?: string | null }) => void;
  close: () => void;
  /** Kept in the provider so the agreement dialog can tick the register form's box. */
  registerForm: FormInstance;
}

export const DialogContext = createContext<DialogApi | null>(null);

export function useDialogs(): DialogApi {
  const ctx = useContext(DialogContext);
  if (!ctx) throw new Error('useDialogs outside DialogProvider');
  return ctx;
}
