import { CheckOutlined, NotificationOutlined } from '@ant-design/icons';
import type { Notice } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeApi } from '../../api/notices';
import { useManageActions } from './useManageActions';

/** A notice's text in the reader's language: the English version when there is one and they read English. */
export function noticeText(n: Pick<Notice, 'title' | 'body' | 'titleEn' | 'bodyEn'>, language: string) {
  return language.startsWith('en') && n.titleEn
    ? { title: n.titleEn, body: n.bodyEn }
    : { title: n.title, body: n.body };
}

/**
 * The platform's notices, newest first, with the reader's unread state (/plat/notice and the
 * message list); `manage`: every notice, withdrawn ones included, with edit and withdraw.
 * `openId` opens one at once (a link from the bell's notification).
 */
export function NoticeList({
  manage,
  onEdit,
  openId = null,
}: {
  manage: boolean;
  onEdit?: (n: Notice) => void;
  openId?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(openId);
  const q = useQuery({
    queryKey: ['notices', manage ? 'manage' : 'list', page],
    queryFn: () => (manage ? noticeApi.manage(page, 20) : noticeApi.list(page, 20)),
    placeholderData: keepPreviousData,
  });
  // The bell and the message list count unread notices too.
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: ['notices'] }), qc.invalidateQueries({ queryKey: ['msgs'] })]);
  const fail = (e: unknown) => message.error(t('notice.failed', { msg: e instanceof Error ? e.message : String(e) }));
  const manageActions = useManageActions(fail);
  const read = async (n: Notice) => {
    setOpen(open === n.id ? null : n.id);
    if (n.read || manage) return;
    try {
      await noticeApi.read({ id: n.id });
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  return (
    <>
      {!manage && (
        <Button
          icon={<CheckOutlined />}
          disabled={(q.data?.unread ?? 0) === 0}
          style={{ marginBottom: 12 }}
          onClick={async () => {
            try {
              await noticeApi.read({ all: true });
              await refresh();
            } catch (e) {
              fail(e);
            }
          }}
        >
          {t('notice.readAll')}
        </Button>
      )}
      <List<Notice>
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        data-testid={manage ? 'notice-manage-list' : 'notice-list'}
        locale={{ emptyText: t('notice.empty') }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage }}
        renderItem={(n) => (
          <List.Item
            data-testid={`notice-item-${n.id}`}
            data-read={n.read ? '1' : '0'}
            actions={[
              <Button key="open" type="link" onClick={() => void read(n)} data-testid="notice-open">
                {t('notice.open')}
              </Button>,
              ...(manage
                ? manageActions(
                    n.withdrawn,
                    () => onEdit?.(n),
                    async () => {
                      await noticeApi.withdraw(n.id);
                      await refresh();
                    },
                  )
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={
                <Badge dot={!manage && !n.read}>
                  <NotificationOutlined style={{ fontSize: 20 }} />
                </Badge>
              }
              title={
                <Space>
                  <Typography.Text strong={!n.read} data-testid="notice-title-text">
                    {noticeText(n, i18n.language).title}
                  </Typography.Text>
                  {!manage && !n.read && <Tag color="red">{t('notice.unread')}</Tag>}
                  {n.withdrawn && <Tag>{t('notice.withdrawn')}</Tag>}
                </Space>
              }
              description={
                <>
                  <Typography.Text type="secondary">
                    {new Date(n.publishedAt).toLocaleString(i18n.language)}
                  </Typography.Text>
                  {open === n.id && (
                    <Typography.Paragraph
                      style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}
                      data-testid="notice-body-text"
                    >
                      {noticeText(n, i18n.language).body}
                    </Typography.Paragraph>
                  )}
                </>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}
