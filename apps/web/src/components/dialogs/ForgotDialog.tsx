import { MailOutlined } from '@ant-design/icons';
import { LIMITS } from '@pvforge/contracts';
import { Alert, App, Button, Form, Input, Modal, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../api/client';
import { api } from '../../api/endpoints';
import { rulesFor } from '../../lib/form-rules';
import { useLang } from '../../lib/useLang';
import { useDialogs } from './context';

export function ForgotDialog() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const [form] = Form.useForm<{ email: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const close = () => {
    setSentTo(null);
    setError(null);
    dialogs.close();
  };

  const onFinish = async ({ email }: { email: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { answer } = await api.sendResetMail(email.trim());
      if (answer.code !== '1000') {
        setError(`${t('forgot.failed')} ${answer.msg}`);
        message.error(t('forgot.failed'));
        return;
      }
      message.success(t('forgot.success'));
      setSentTo(email.trim());
      form.resetFields();
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      setError(t('common.networkError'));
      message.error(t('forgot.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={dialogs.current === 'forgot'}
      onCancel={close}
      footer={null}
      width={440}
      title={t('forgot.title')}
      centered
    >
      <div data-testid="forgot-dialog">
        {sentTo ? (
          <Result
            status="success"
            title={t('forgot.success')}
            subTitle={sentTo}
            extra={
              <Button type="primary" onClick={() => dialogs.open('login')} data-testid="forgot-back-to-login">
                {t('forgot.backToLogin')}
              </Button>
            }
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
            {error && <Alert type="error" showIcon title={error} className="dialog-alert" data-testid="forgot-error" />}
            <Form
              form={form}
              name="forgot"
              layout="vertical"
              requiredMark={false}
              onFinish={onFinish}
              onFinishFailed={() => message.error(t('forgot.invalid'))}
            >
              <Form.Item
                name="email"
                label={t('forgot.email')}
                rules={rulesFor('forgot.email', lang, LIMITS.emailMax, 'email')}
              >
                <Input prefix={<MailOutlined />} autoComplete="email" data-testid="forgot-email" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="forgot-submit">
                {t('forgot.submit')}
              </Button>
            </Form>
            <Typography.Paragraph className="dialog-switch">
              <Button type="link" size="small" onClick={() => dialogs.open('login')} data-testid="forgot-to-login">
                {t('forgot.backToLogin')}
              </Button>
            </Typography.Paragraph>
          </>
        )}
      </div>
    </Modal>
  );
}
