import { Form } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { AgreementDialog } from './AgreementDialog';
import { type DialogApi, DialogContext, type DialogName, type DialogState } from './context';
import { ForgotDialog } from './ForgotDialog';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

export function DialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ current: null, redirect: null, fromRegister: false });
  const [registerForm] = Form.useForm();

  const open = useCallback((name: DialogName, opts?: { redirect?: string | null }) => {
    setState((s) => ({
      current: name,
      // The redirect survives hopping between login, register and forgot until a dialog closes.
      redirect: opts?.redirect !== undefined ? opts.redirect : s.redirect,
      fromRegister: name === 'agreement' && s.current === 'register',
    }));
  }, []);
  const close = useCallback(() => setState({ current: null, redirect: null, fromRegister: false }), []);

  const value = useMemo<DialogApi>(() => ({ ...state, open, close, registerForm }), [state, open, close, registerForm]);

  return (
    <DialogContext.Provider value={value}>
      {children}
      {/* Lets browser tests see which dialog is open without relying on animation timing. */}
      <div hidden data-testid="dialog-state" data-current={state.current ?? ''} data-redirect={state.redirect ?? ''} />
      <LoginDialog />
      <RegisterDialog />
      <ForgotDialog />
      <AgreementDialog />
    </DialogContext.Provider>
  );
}
