import { LIMITS } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NetworkError } from '../../api/client';
import { api } from '../../api/endpoints';
import { useDialogs } from '../../components/dialogs/context';
import { PublicPage } from '../../components/PublicPage';
import { matchRule, rulesFor } from '../../lib/form-rules';
import { useLang } from '../../lib/useLang';

interface Values {
  new_password: string;
  confirm: string;
}

function InvalidLink({ text }: { text: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  return (
    <Result
      status="warning"
      title={t('reset.invalid')}
      subTitle={text}
      extra={
        <Button type="primary" onClick={() => dialogs.open('forgot')} data-testid="reset-request-new">
          {t('reset.requestNew')}
        </Button>
      }
      data-testid="reset-invalid"
    />
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const { answer } = await api.resetPassword(token, v.new_password);
      if (answer.code !== '1000') {
        setError(t('reset.failed', { msg: answer.msg }));
        return;
      }
      message.success(t('reset.success'));
      onDone();
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      setError(t('common.networkError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error && <Alert type="error" showIcon title={error} className="form-hint" data-testid="reset-error" />}
      <Form<Values>
        form={form}
        name="reset"
        layout="vertical"
        onFinish={onFinish}
        onFinishFailed={() => message.error(t('reset.invalidForm'))}
      >
        <Form.Item
          name="new_password"
          label={t('reset.newPassword')}
          rules={rulesFor('pwd.new_password', lang, LIMITS.passwordMax, 'password')}
          tooltip={t('register.passwordPh')}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('reset.confirm')}
          dependencies={['new_password']}
          rules={[
            ...rulesFor('pwd.confirm', lang),
            matchRule(() => form.getFieldValue('new_password'), 'pwd.confirm', lang),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Form>
    </>
  );
}

/** /reset-password?token=...: the link from the reset mail (checked before the form shows). */
export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dialogs = useDialogs();
  const [done, setDone] = useState(false);
  const check = useQuery({
    queryKey: ['resetToken', token],
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const { answer } = await api.checkResetToken(token);
      return answer;
    },
  });

  const finish = () => {
    setDone(true);
    // Spec flow: after a reset the user logs in with the new password.
    dialogs.open('login', { redirect: '/plat' });
  };

  let body: React.ReactNode;
  if (!token) body = <InvalidLink text={t('reset.missing')} />;
  else if (done)
    body = (
      <Result
        status="success"
        title={t('reset.success')}
        subTitle={t('reset.successHint')}
        extra={
          <Button
            type="primary"
            onClick={() => dialogs.open('login', { redirect: '/plat' })}
            data-testid="reset-to-login"
          >
            {t('reset.toLogin')}
          </Button>
        }
        data-testid="reset-success"
      />
    );
  else if (check.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (check.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('common.networkError')}
        action={
          <Button size="small" onClick={() => void check.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (check.data.code !== '1000') body = <InvalidLink text={t('reset.invalidHint')} />;
  else body = <ResetForm token={token} onDone={finish} />;

  return (
    <PublicPage title={t('reset.title')}>
      <Card className="form-card narrow" data-testid="reset-card">
        {body}
      </Card>
    </PublicPage>
  );
}
