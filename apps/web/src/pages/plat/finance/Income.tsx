import type { IncomeItem } from '@pvforge/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libKeys, libraryApi } from '../../../api/library';
import { PageHeader } from '../../../components/PageHeader';
import { formatYuan } from '../../../lib/library';

/** Income details (spec §2 finance/income): review rewards, newest first, paged. */
export default function Income() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const q = useQuery({
    queryKey: libKeys.income(page, size),
    queryFn: () => libraryApi.income(page, size),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader title={t('page.financeIncome')} subtitle={t('library.finance.incomeSubtitle')} />
      <Card>
        {q.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('common.loadFailed', { msg: q.error.message })}
            action={
              <Button size="small" onClick={() => void q.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <Table<IncomeItem>
          rowKey="id"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          data-testid="income-table"
          locale={{ emptyText: t('library.finance.incomeEmpty') }}
          onRow={(r) => ({ 'data-testid': `income-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: size,
            total: q.data?.total ?? 0,
            showTotal: (n) => t('library.total', { count: n }),
            onChange: (p, s) => {
              setPage(s !== size ? 1 : p);
              setSize(s);
            },
          }}
          columns={[
            {
              title: t('library.finance.colDate'),
              dataIndex: 'createdAt',
              width: 190,
              render: (v: number) => new Date(v).toLocaleString(i18n.language),
            },
            {
              title: t('library.finance.colKind'),
              dataIndex: 'kind',
              width: 120,
              render: () => <Tag color="gold">{t('library.finance.kindReward')}</Tag>,
            },
            { title: t('library.finance.colItem'), dataIndex: 'note', render: (v: string) => v || '-' },
            {
              title: t('library.finance.colAmount'),
              dataIndex: 'amountYuan',
              width: 140,
              align: 'right',
              render: (v: number) => <span data-testid="income-amount">+{formatYuan(v)}</span>,
            },
          ]}
        />
      </Card>
    </>
  );
}
