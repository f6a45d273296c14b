import { GENDER, LIMITS, normalizeChinaPhone, type UpdateUserAddonBody, type UserAddon } from '@pvforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NetworkError } from '../../../api/client';
import { api } from '../../../api/endpoints';
import { qk, useProfile } from '../../../api/queries';
import { InstitutionInput } from '../../../components/InstitutionInput';
import { PageHeader } from '../../../components/PageHeader';
import { PhoneInput } from '../../../components/PhoneInput';
import { fieldMessage, rulesFor, serverFieldError } from '../../../lib/form-rules';
import { useLang } from '../../../lib/useLang';
import { storeProfile } from '../../../session/store';

type BasicValues = Pick<UserAddon, 'real_name' | 'gender' | 'phone' | 'enterprise' | 'address'>;

/** Saves part of the profile and reports the outcome; shared by the two cards of the page. */
function useSaveProfile(uid: number | undefined) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (body: UpdateUserAddonBody, onFieldError: (f: { name: string; errors: string[] }) => void) => {
    try {
      const { answer } = await api.updateUserAddon(body);
      if (answer.code !== '1000') {
        const field = serverFieldError(answer.data, 'profile', lang) ?? serverFieldError(answer.data, 'reg', lang);
        if (field) onFieldError(field);
        message.error(t('profile.failed', { msg: answer.msg }));
        return false;
      }
      const fresh = answer.data?.userAddon;
      if (fresh) {
        storeProfile(fresh);
        queryClient.setQueryData(qk.profile(String(fresh.user_id)), fresh);
      } else if (uid !== undefined) {
        await queryClient.invalidateQueries({ queryKey: qk.profile(String(uid)) });
      }
      message.success(t('profile.success'));
      return true;
    } catch (e) {
      if (!(e instanceof NetworkError)) throw e;
      message.error(t('common.networkError'));
      return false;
    }
  };
}

function BasicCard({ profile }: { profile: UserAddon }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<BasicValues>();
  const [busy, setBusy] = useState(false);
  const save = useSaveProfile(profile.user_id);

  useEffect(() => {
    form.setFieldsValue({
      real_name: profile.real_name,
      gender: profile.gender,
      phone: profile.phone.replace(/^\+86/, ''),
      enterprise: profile.enterprise,
      address: profile.address,
    });
  }, [form, profile]);

  const onFinish = async (v: BasicValues) => {
    setBusy(true);
    await save(
      {
        real_name: v.real_name.trim(),
        gender: v.gender === 1 ? 1 : 0,
        phone: normalizeChinaPhone(v.phone),
        enterprise: v.enterprise.trim(),
        address: v.address.trim(),
      },
      (f) => form.setFields([{ name: f.name as keyof BasicValues, errors: f.errors }]),
    );
    setBusy(false);
  };

  return (
    <Card title={t('profile.basic')} className="form-card wide">
      <Descriptions column={1} size="small" className="form-hint">
        <Descriptions.Item label={t('profile.account')}>
          <span data-testid="profile-account">{profile.username}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form<BasicValues>
        form={form}
        name="profile"
        layout="vertical"
        onFinish={onFinish}
        onFinishFailed={() => message.error(t('profile.invalid'))}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="real_name"
              label={t('profile.realName')}
              rules={rulesFor('reg.real_name', lang, LIMITS.realNameMax)}
            >
              <Input data-testid="profile-real-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="gender"
              label={t('profile.gender')}
              rules={[{ required: true, message: fieldMessage('reg.gender', 'required', lang) }]}
            >
              <Radio.Group data-testid="profile-gender">
                <Radio value={GENDER.male}>{t('register.male')}</Radio>
                <Radio value={GENDER.female}>{t('register.female')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('profile.phone')}
              rules={rulesFor('reg.phone', lang, LIMITS.phoneMax, 'phone')}
            >
              <PhoneInput data-testid="profile-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="enterprise"
              label={t('profile.enterprise')}
              rules={rulesFor('reg.enterprise', lang, LIMITS.enterpriseMax)}
            >
              <InstitutionInput data-testid="profile-enterprise" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="address"
              label={t('profile.address')}
              rules={rulesFor('reg.address', lang, LIMITS.addressMax)}
            >
              <Input data-testid="profile-address" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-submit">
          {t('profile.save')}
        </Button>
      </Form>
    </Card>
  );
}

function NicknameCard({ profile }: { profile: UserAddon }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ nickname: string }>();
  const [busy, setBusy] = useState(false);
  const save = useSaveProfile(profile.user_id);
  const [params] = useSearchParams();
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    form.setFieldsValue({ nickname: profile.nickname ?? '' });
  }, [form, profile]);

  // "Edit forum nickname" in the user dropdown lands here with ?focus=nickname.
  const focus = params.get('focus') === 'nickname';
  useEffect(() => {
    if (!focus) return;
    cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    form.getFieldInstance('nickname')?.focus?.();
  }, [focus, form]);

  const onFinish = async ({ nickname }: { nickname: string }) => {
    setBusy(true);
    await save({ nickname: nickname.trim() }, (f) => form.setFields([{ ...f, name: 'nickname' }]));
    setBusy(false);
  };

  return (
    <div ref={cardRef} id="nickname">
      <Card title={t('profile.forum')} className="form-card wide">
        <Alert type="info" showIcon title={t('profile.forumHint')} className="form-hint" />
        <Form
          form={form}
          name="nickname"
          layout="vertical"
          onFinish={onFinish}
          onFinishFailed={() => message.error(t('profile.invalid'))}
        >
          <Form.Item
            name="nickname"
            label={t('profile.nickname')}
            rules={rulesFor('profile.nickname', lang, LIMITS.nicknameMax)}
          >
            <Input data-testid="profile-nickname" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-nickname-submit">
            {t('profile.saveNickname')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export default function Profile() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageHeader title={t('profile.title')} />
      {profile.isPending && (
        <Card className="form-card wide">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
      {profile.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed', { msg: profile.error.message })}
          action={
            <Button size="small" onClick={() => void profile.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {profile.data && (
        <div className="stack">
          <BasicCard profile={profile.data} />
          <NicknameCard profile={profile.data} />
        </div>
      )}
    </>
  );
}
