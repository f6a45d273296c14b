import { PlusOutlined } from '@ant-design/icons';
import type { LedgerRecord, Recharge } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { financeApi } from '../../../api/finance';
import { PricingNote } from '../../../components/finance/PricingNote';
import { PageHeader } from '../../../components/PageHeader';

const STATUS_COLOUR = { pending: 'orange', confirmed: 'green', rejected: 'red' } as const;

function Records({ kind }: { kind: 'recharge' | 'consumption' }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['finance', 'records', kind, page],
    queryFn: () => financeApi.records(kind, page, 20),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<LedgerRecord>
      rowKey="id"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      data-testid={`${kind}-table`}
      pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage }}
      locale={{ emptyText: t(`finance.${kind}Empty`) }}
      columns={[
        {
          title: t('finance.colDate'),
          key: 'd',
          render: (_, r) => new Date(r.createdAt).toLocaleString(i18n.language),
        },
        { title: t('finance.colItem'), dataIndex: 'note' },
        { title: t('finance.colAmount'), key: 'a', align: 'right', render: (_, r) => r.amountYuan.toFixed(2) },
      ]}
    />
  );
}

/** Recharge records (with the user's recharge requests and the form to make one) and consumption details (spec §2). */
export default function Ledger() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const location = useLocation();
  const recharge = location.pathname.replace(/\/+$/, '').endsWith('/recharge');
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<Recharge | null>(null);
  const [form] = Form.useForm<{ amountYuan: number; reference: string }>();
  const mine = useQuery({
    queryKey: ['finance', 'recharges'],
    queryFn: () => financeApi.myRecharges(1, 50),
    enabled: recharge,
  });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await financeApi.requestRecharge(v.amountYuan, v.reference ?? '');
      message.success(t('finance.requested'));
      setAsking(false);
      form.resetFields();
      setMade(r);
      await qc.invalidateQueries({ queryKey: ['finance'] });
    } catch (e) {
      message.error(t('finance.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <>
      <PageHeader
        title={t(recharge ? 'page.financeRecharge' : 'page.financeConsumption')}
        extra={
          recharge && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)} data-testid="recharge-new">
              {t('finance.recharge')}
            </Button>
          )
        }
      />
      <div className="stack">
        <PricingNote />
        {made && (
          <Alert
            type="success"
            showIcon
            closable
            title={t('finance.howToPay')}
            description={made.instructions[lang]}
            data-testid="recharge-instructions"
          />
        )}
        {recharge && (
          <Card title={t('finance.requests')}>
            <Table<Recharge>
              rowKey="id"
              loading={mine.isFetching}
              dataSource={mine.data?.list ?? []}
              data-testid="recharge-requests"
              pagination={false}
              locale={{ emptyText: t('finance.rechargeEmpty') }}
              columns={[
                { title: t('finance.colId'), key: 'id', render: (_, r) => `PVF-${r.id}` },
                { title: t('finance.colAmount'), key: 'a', render: (_, r) => r.amountYuan.toFixed(2) },
                {
                  title: t('finance.colStatus'),
                  key: 's',
                  render: (_, r) => (
                    <Tag color={STATUS_COLOUR[r.status]} data-testid="recharge-status" data-status={r.status}>
                      {t(`finance.status.${r.status}`)}
                    </Tag>
                  ),
                },
                { title: t('finance.colRef'), key: 'ref', render: (_, r) => r.reason ?? r.reference },
                {
                  title: t('finance.colDate'),
                  key: 'd',
                  render: (_, r) => new Date(r.createdAt).toLocaleString(i18n.language),
                },
              ]}
            />
          </Card>
        )}
        <Card title={recharge ? t('finance.records') : undefined}>
          <Records kind={recharge ? 'recharge' : 'consumption'} />
        </Card>
      </div>
      <Modal
        open={asking}
        title={t('finance.recharge')}
        onCancel={() => setAsking(false)}
        onOk={() => void submit()}
        okText={t('finance.submit')}
        cancelText={t('finance.cancel')}
        okButtonProps={{ 'data-testid': 'recharge-submit' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="amountYuan"
            label={t('finance.amount')}
            rules={[{ required: true, message: t('finance.amountRequired') }]}
          >
            <InputNumber
              min={0.01}
              max={1_000_000}
              precision={2}
              style={{ width: 200 }}
              data-testid="recharge-amount"
            />
          </Form.Item>
          <Form.Item name="reference" label={t('finance.reference')}>
            <Input maxLength={100} data-testid="recharge-reference" />
          </Form.Item>
          <Typography.Text type="secondary">{t('finance.pricing')}</Typography.Text>
        </Form>
      </Modal>
    </>
  );
}
