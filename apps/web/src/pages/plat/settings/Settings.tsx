import { MAX_REVIEW_REWARD_YUAN } from '@pvforge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, InputNumber, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libKeys, libraryApi } from '../../../api/library';
import { PageHeader } from '../../../components/PageHeader';
import { rewardProblem } from '../../../lib/library';

/** System settings (administrator): the reward credited for an approved contribution. */
export default function Settings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ reviewRewardYuan: number | null }>();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: libKeys.settings, queryFn: libraryApi.settings });

  useEffect(() => {
    if (q.data) form.setFieldsValue({ reviewRewardYuan: q.data.reviewRewardYuan });
  }, [q.data, form]);

  const onFinish = async (v: { reviewRewardYuan: number | null }) => {
    setBusy(true);
    try {
      const saved = await libraryApi.setSettings(Number(v.reviewRewardYuan));
      qc.setQueryData(libKeys.settings, saved);
      message.success(t('library.settings.saved'));
    } catch (e) {
      message.error(t('library.settings.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('page.settings')} />
      {q.isPending && <Skeleton active />}
      {q.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed', { msg: q.error.message })}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {q.data && (
        <Card title={t('library.settings.reviewCard')} className="form-card">
          <Form form={form} layout="vertical" name="settings" onFinish={onFinish}>
            <Form.Item
              name="reviewRewardYuan"
              label={t('library.settings.reward')}
              extra={t('library.settings.rewardHelp', { max: MAX_REVIEW_REWARD_YUAN })}
              rules={[
                {
                  validator: (_, v: unknown) => {
                    const p = rewardProblem(v);
                    return p
                      ? Promise.reject(new Error(t(`library.settings.${p}`, { max: MAX_REVIEW_REWARD_YUAN })))
                      : Promise.resolve();
                  },
                },
              ]}
            >
              <InputNumber
                style={{ width: 220 }}
                step={0.01}
                suffix={t('library.finance.yuan')}
                data-testid="settings-reward"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="settings-submit">
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      )}
    </>
  );
}
