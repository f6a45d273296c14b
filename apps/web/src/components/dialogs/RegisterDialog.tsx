import { GENDER, LIMITS, normalizeChinaPhone } from '@pvforge/contracts';
import { Alert, App, Button, Checkbox, Col, Form, Input, Modal, Radio, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../api/client';
import { api } from '../../api/endpoints';
import { fieldMessage, matchRule, rulesFor, serverFieldError } from '../../lib/form-rules';
import { useLang } from '../../lib/useLang';
import { InstitutionInput } from '../InstitutionInput';
import { PhoneInput } from '../PhoneInput';
import { useDialogs } from './context';
import { useCompleteLogin } from './useCompleteLogin';

interface RegisterValues {
  username: string;
  password: string;
  confirm: string;
  real_name: string;
  gender: 0 | 1;
  phone: string;
  enterprise: string;
  address: string;
  agree: boolean;
}

export function RegisterDialog() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const form = dialogs.registerForm;
  const completeLogin = useCompleteLogin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (text: string) => {
    setError(text);
    message.error(text);
  };

  const onFinish = async (v: RegisterValues) => {
    setBusy(true);
    setError(null);
    try {
      const username = v.username.trim();
      const { answer } = await api.register({
        username,
        password: v.password,
        real_name: v.real_name.trim(),
        gender: v.gender,
        phone: normalizeChinaPhone(v.phone),
        enterprise: v.enterprise.trim(),
        address: v.address.trim(),
      });
      if (answer.code === '2008') {
        form.setFields([{ name: 'username', errors: [t('register.duplicate')] }]);
        return fail(t('register.duplicate'));
      }
      if (answer.code !== '1000') {
        const field = serverFieldError(answer.data, 'reg', lang);
        if (field) form.setFields([field]);
        return fail(t('register.failed', { msg: answer.msg }));
      }
      message.success(t('register.success'));
      form.resetFields();
      dialogs.close();
      // Registration logs in; the platform is the destination (spec §4).
      await completeLogin(answer.data, { remember: false, username, redirect: '/plat' });
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      fail(t('register.network'));
    } finally {
      setBusy(false);
    }
  };

  const agreeRule = {
    validator: (_r: unknown, value: unknown) =>
      value ? Promise.resolve() : Promise.reject(new Error(fieldMessage('reg.agree', 'agree', lang))),
  };

  return (
    <Modal
      open={dialogs.current === 'register'}
      onCancel={dialogs.close}
      footer={null}
      width={600}
      title={t('register.title')}
      centered
    >
      <div data-testid="register-dialog">
        {error && <Alert type="error" showIcon title={error} className="dialog-alert" data-testid="register-error" />}
        <Form<RegisterValues>
          form={form}
          name="register"
          layout="vertical"
          onFinish={onFinish}
          onFinishFailed={() => message.error(t('register.invalid'))}
          scrollToFirstError
        >
          <Form.Item
            name="username"
            label={t('register.email')}
            rules={rulesFor('reg.username', lang, LIMITS.emailMax, 'email')}
          >
            <Input placeholder={t('register.emailPh')} autoComplete="email" data-testid="register-email" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="password"
                label={t('register.password')}
                rules={rulesFor('reg.password', lang, LIMITS.passwordMax, 'password')}
                tooltip={t('register.passwordPh')}
              >
                <Input.Password autoComplete="new-password" data-testid="register-password" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="confirm"
                label={t('register.confirm')}
                dependencies={['password']}
                rules={[
                  ...rulesFor('reg.confirm', lang),
                  matchRule(() => form.getFieldValue('password'), 'reg.confirm', lang),
                ]}
              >
                <Input.Password
                  placeholder={t('register.confirmPh')}
                  autoComplete="new-password"
                  data-testid="register-confirm"
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="real_name"
                label={t('register.realName')}
                rules={rulesFor('reg.real_name', lang, LIMITS.realNameMax)}
              >
                <Input autoComplete="name" data-testid="register-real-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="gender"
                label={t('register.gender')}
                rules={[{ required: true, message: fieldMessage('reg.gender', 'required', lang) }]}
              >
                <Radio.Group data-testid="register-gender">
                  <Radio value={GENDER.male} data-testid="register-gender-male">
                    {t('register.male')}
                  </Radio>
                  <Radio value={GENDER.female} data-testid="register-gender-female">
                    {t('register.female')}
                  </Radio>
                </Radio.Group>
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="phone"
            label={t('register.phone')}
            rules={rulesFor('reg.phone', lang, LIMITS.phoneMax, 'phone')}
          >
            <PhoneInput placeholder={t('register.phonePh')} autoComplete="tel-national" data-testid="register-phone" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="enterprise"
                label={t('register.enterprise')}
                rules={rulesFor('reg.enterprise', lang, LIMITS.enterpriseMax)}
              >
                <InstitutionInput
                  placeholder={t('register.enterprisePh')}
                  autoComplete="organization"
                  data-testid="register-enterprise"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="address"
                label={t('register.address')}
                rules={rulesFor('reg.address', lang, LIMITS.addressMax)}
              >
                <Input
                  placeholder={t('register.addressPh')}
                  autoComplete="street-address"
                  data-testid="register-address"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="agree" valuePropName="checked" rules={[agreeRule]}>
            <Checkbox data-testid="register-agree">
              {t('register.agreePrefix')}{' '}
              <Button
                type="link"
                size="small"
                className="inline-link"
                onClick={(e) => {
                  // The link sits inside the checkbox label: reading the agreement must not tick it.
                  e.preventDefault();
                  dialogs.open('agreement');
                }}
                data-testid="register-agreement-link"
              >
                {t('register.agreeLink')}
              </Button>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Form>
        <Typography.Paragraph className="dialog-switch">
          {t('register.haveAccount')}
          <Button type="link" size="small" onClick={() => dialogs.open('login')} data-testid="register-to-login">
            {t('register.toLogin')}
          </Button>
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
