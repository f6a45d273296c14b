import type { ChargedFeature, Recharge } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, InputNumber, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { financeApi } from '../../../api/finance';
import { PageHeader } from '../../../components/PageHeader';

/** manage/finance (administrators): prices of the charged features and the recharge requests to confirm. */
export default function ManageFinance() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const prices = useQuery({ queryKey: ['finance', 'prices'], queryFn: financeApi.prices });
  const [draft, setDraft] = useState<Record<string, number | null>>({});
  useEffect(() => {
    if (prices.data) setDraft(Object.fromEntries(prices.data.prices.map((p) => [p.feature, p.priceYuan])));
  }, [prices.data]);
  const [status, setStatus] = useState<'pending' | 'confirmed' | 'rejected'>('pending');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['finance', 'admin-recharges', status, page],
    queryFn: () => financeApi.allRecharges(status, page, 20),
    placeholderData: keepPreviousData,
  });
  const fail = (e: unknown) => message.error(t('finance.failed', { msg: e instanceof Error ? e.message : String(e) }));
  const refresh = () => qc.invalidateQueries({ queryKey: ['finance'] });

  const savePrice = async (feature: ChargedFeature) => {
    try {
      await financeApi.setPrice(feature, draft[feature] ?? 0);
      message.success(t('finance.saved'));
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  const confirm = (r: Recharge) =>
    modal.confirm({
      title: t('finance.confirmQ'),
      content: `PVF-${r.id} · ${r.userName} · ${r.amountYuan.toFixed(2)}`,
      okText: t('finance.ok'),
      cancelText: t('finance.cancel'),
      okButtonProps: { 'data-testid': 'recharge-confirm-ok' },
      onOk: async () => {
        try {
          await financeApi.confirm(r.id);
          message.success(t('finance.confirmed'));
          await refresh();
        } catch (e) {
          fail(e);
        }
      },
    });
  const reject = (r: Recharge) => {
    let reason = '';
    modal.confirm({
      title: t('finance.reject'),
      content: (
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={t('finance.rejectReason')}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: t('finance.ok'),
      cancelText: t('finance.cancel'),
      onOk: async () => {
        try {
          await financeApi.reject(r.id, reason);
          message.success(t('finance.rejected'));
          await refresh();
        } catch (e) {
          fail(e);
        }
      },
    });
  };

  return (
    <>
      <PageHeader title={t('finance.manage')} />
      <div className="stack">
        <Card title={t('finance.prices')}>
          <Typography.Paragraph type="secondary">{t('finance.pricing')}</Typography.Paragraph>
          <Space direction="vertical">
            {(prices.data?.prices ?? []).map((p) => (
              <Space key={p.feature}>
                <span style={{ minWidth: 220, display: 'inline-block' }}>
                  {t('finance.priceLabel', { feature: t(`finance.features.${p.feature}`) })}
                </span>
                <InputNumber
                  min={0}
                  max={10_000}
                  precision={2}
                  value={draft[p.feature] ?? 0}
                  onChange={(v) => setDraft({ ...draft, [p.feature]: v })}
                  data-testid={`price-${p.feature}`}
                />
                <Button onClick={() => void savePrice(p.feature)} data-testid={`price-save-${p.feature}`}>
                  {t('finance.save')}
                </Button>
              </Space>
            ))}
          </Space>
        </Card>
        <Card title={t('finance.requests')}>
          <Segmented
            value={status}
            onChange={(v) => {
              setStatus(v as typeof status);
              setPage(1);
            }}
            options={(['pending', 'confirmed', 'rejected'] as const).map((s) => ({
              value: s,
              label: t(`finance.status.${s}`),
            }))}
            style={{ marginBottom: 12 }}
          />
          <Table<Recharge>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            data-testid="admin-recharges"
            pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
            locale={{ emptyText: t('finance.rechargeEmpty') }}
            columns={[
              { title: t('finance.colId'), key: 'id', render: (_, r) => `PVF-${r.id}` },
              { title: t('finance.colUser'), dataIndex: 'userName' },
              { title: t('finance.colAmount'), key: 'a', render: (_, r) => r.amountYuan.toFixed(2) },
              { title: t('finance.colRef'), key: 'ref', render: (_, r) => r.reason ?? r.reference },
              {
                title: t('finance.colStatus'),
                key: 's',
                render: (_, r) => <Tag>{t(`finance.status.${r.status}`)}</Tag>,
              },
              {
                title: t('finance.colDate'),
                key: 'd',
                render: (_, r) => new Date(r.createdAt).toLocaleString(i18n.language),
              },
              {
                title: '',
                key: 'act',
                render: (_, r) =>
                  r.status === 'pending' && (
                    <Space>
                      <Button
                        type="primary"
                        size="small"
                        onClick={() => confirm(r)}
                        data-testid={`recharge-confirm-${r.id}`}
                      >
                        {t('finance.confirm')}
                      </Button>
                      <Button size="small" danger onClick={() => reject(r)}>
                        {t('finance.reject')}
                      </Button>
                    </Space>
                  ),
              },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
