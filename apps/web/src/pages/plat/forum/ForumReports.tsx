import type { ForumReport } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forumApi, forumKeys } from '../../../api/forum';
import { PageHeader } from '../../../components/PageHeader';

/** manage/forum (administrators): reported posts, to open and act on, or to mark handled. */
export default function ForumReports() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [page, setPage] = useState(1);
  const size = 20;
  const q = useQuery({
    queryKey: forumKeys.reports(status, page, size),
    queryFn: () => forumApi.reports(status, page, size),
    placeholderData: keepPreviousData,
  });
  const resolve = async (id: number) => {
    try {
      await forumApi.resolveReport(id);
      await qc.invalidateQueries({ queryKey: forumKeys.all });
    } catch (e) {
      message.error(t('forum.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };
  return (
    <>
      <PageHeader title={t('forum.reports.title')} />
      <Card>
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(v as 'open' | 'resolved');
            setPage(1);
          }}
          options={[
            { value: 'open', label: t('forum.reports.open') },
            { value: 'resolved', label: t('forum.reports.resolved') },
          ]}
          style={{ marginBottom: 16 }}
        />
        <Table<ForumReport>
          rowKey="id"
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          locale={{ emptyText: t('forum.reports.empty') }}
          data-testid="forum-reports"
          pagination={{ current: page, pageSize: size, total: q.data?.total ?? 0, onChange: setPage }}
          columns={[
            {
              title: t('forum.reports.colPost'),
              key: 'post',
              render: (_, r) => (
                <Space>
                  <Tag>{t(`forum.reports.${r.type}`)}</Tag>
                  {r.excerpt || '—'}
                </Space>
              ),
            },
            { title: t('forum.reports.colReason'), dataIndex: 'reason' },
            { title: t('forum.reports.colReporter'), key: 'who', render: (_, r) => r.reporter.nickname },
            {
              title: t('forum.reports.colTime'),
              key: 'time',
              render: (_, r) => new Date(r.createdAt).toLocaleString(i18n.language),
            },
            {
              title: '',
              key: 'actions',
              render: (_, r) => (
                <Space>
                  {r.threadId > 0 && <Link to={`/plat/bbs/detail/${r.threadId}`}>{t('forum.reports.view')}</Link>}
                  {r.status === 'open' && (
                    <Button size="small" onClick={() => void resolve(r.id)}>
                      {t('forum.reports.resolve')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
