import { LIMITS } from '@pvforge/contracts';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../../api/client';
import { api } from '../../../api/endpoints';
import { PageHeader } from '../../../components/PageHeader';
import { matchRule, rulesFor, serverFieldError } from '../../../lib/form-rules';
import { useLang } from '../../../lib/useLang';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

export default function ChangePassword() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onFinish = async (v: Values) => {
    setBusy(true);
    setOutcome(null);
    try {
      const { answer } = await api.changePassword({ old_password: v.old_password, new_password: v.new_password });
      if (answer.code === '1000') {
        form.resetFields();
        setOutcome({ ok: true, text: t('pwd.success') });
        message.success(t('pwd.success'));
        return;
      }
      const text = t('pwd.failed', { msg: answer.msg });
      if (answer.code === '2010') form.setFields([{ name: 'old_password', errors: [answer.msg] }]);
      const field = serverFieldError(answer.data, 'pwd', lang);
      if (field) form.setFields([{ name: field.name as keyof Values, errors: field.errors }]);
      setOutcome({ ok: false, text });
      message.error(text);
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      setOutcome({ ok: false, text: t('common.networkError') });
      message.error(t('common.networkError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('pwd.title')} />
      <Card className="form-card">
        <Alert type="info" showIcon title={t('pwd.hint')} className="form-hint" />
        {outcome && (
          <Alert
            type={outcome.ok ? 'success' : 'error'}
            showIcon
            title={outcome.text}
            className="form-hint"
            data-testid={outcome.ok ? 'pwd-success' : 'pwd-error'}
          />
        )}
        <Form<Values>
          form={form}
          name="pwd"
          layout="vertical"
          onFinish={onFinish}
          onFinishFailed={() => message.error(t('pwd.invalid'))}
        >
          <Form.Item
            name="old_password"
            label={t('pwd.old')}
            rules={rulesFor('pwd.old_password', lang, LIMITS.passwordMax)}
          >
            <Input.Password autoComplete="current-password" data-testid="pwd-old" />
          </Form.Item>
          <Form.Item
            name="new_password"
            label={t('pwd.new')}
            rules={rulesFor('pwd.new_password', lang, LIMITS.passwordMax, 'password')}
          >
            <Input.Password autoComplete="new-password" data-testid="pwd-new" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('pwd.confirm')}
            dependencies={['new_password']}
            rules={[
              ...rulesFor('pwd.confirm', lang),
              matchRule(() => form.getFieldValue('new_password'), 'pwd.confirm', lang),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="pwd-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="pwd-submit">
            {t('pwd.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
