import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LIMITS } from '@pvforge/contracts';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupAlternateHost } from '../../api/alt-host';
import { NetworkError } from '../../api/client';
import { api } from '../../api/endpoints';
import { rulesFor } from '../../lib/form-rules';
import { useLang } from '../../lib/useLang';
import { rememberedUsername } from '../../session/store';
import { useDialogs } from './context';
import { useCompleteLogin } from './useCompleteLogin';

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

export function LoginDialog() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const completeLogin = useCompleteLogin();
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: LoginValues) => {
    const redirect = dialogs.redirect;
    setBusy(true);
    setError(null);
    try {
      const username = v.username.trim();
      const { answer } = await api.login({ username, password: v.password, remember: !!v.remember });
      if (answer.code !== '1000') {
        const text = t('login.failed', { msg: answer.msg });
        setError(text);
        message.error(text);
        return;
      }
      message.success(t('login.success'));
      form.setFieldValue('password', '');
      dialogs.close();
      await completeLogin(answer.data, { remember: !!v.remember, username, redirect });
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      setError(t('login.network'));
      message.error(t('login.network'));
      const host = await lookupAlternateHost();
      if (host) message.info(t('login.altHost', { host }));
    } finally {
      setBusy(false);
    }
  };

  const remembered = rememberedUsername();

  return (
    <Modal
      open={dialogs.current === 'login'}
      onCancel={dialogs.close}
      footer={null}
      width={420}
      title={t('login.title')}
      centered
    >
      <div data-testid="login-dialog">
        {error && <Alert type="error" showIcon title={error} className="dialog-alert" data-testid="login-error" />}
        <Form<LoginValues>
          form={form}
          name="login"
          layout="vertical"
          requiredMark={false}
          initialValues={{ username: remembered, remember: !!remembered }}
          onFinish={onFinish}
          onFinishFailed={() => message.error(t('login.invalid'))}
        >
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={rulesFor('login.username', lang, LIMITS.loginUsernameMax)}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.usernamePh')}
              autoComplete="username"
              data-testid="login-username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={rulesFor('login.password', lang, LIMITS.loginPasswordMax)}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.passwordPh')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Flex justify="space-between" align="center" className="dialog-row">
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
            </Form.Item>
            <Button type="link" size="small" onClick={() => dialogs.open('forgot')} data-testid="login-forgot">
              {t('login.forgot')}
            </Button>
          </Flex>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <Typography.Paragraph className="dialog-switch">
          {t('login.noAccount')}
          <Button type="link" size="small" onClick={() => dialogs.open('register')} data-testid="login-to-register">
            {t('login.toRegister')}
          </Button>
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
