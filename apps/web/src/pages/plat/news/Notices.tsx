import { CheckOutlined, NotificationOutlined, PlusOutlined } from '@ant-design/icons';
import type { Notice } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Form, Input, List, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeApi } from '../../../api/notices';
import { useRole } from '../../../api/queries';
import { PageHeader } from '../../../components/PageHeader';

function NoticeList({ manage, onEdit }: { manage: boolean; onEdit: (n: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({
    queryKey: ['notices', manage ? 'manage' : 'list', page],
    queryFn: () => (manage ? noticeApi.manage(page, 20) : noticeApi.list(page, 20)),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['notices'] });
  const fail = (e: unknown) => message.error(t('notice.failed', { msg: e instanceof Error ? e.message : String(e) }));
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
                ? [
                    <Button key="edit" type="link" onClick={() => onEdit(n)}>
                      {t('notice.edit')}
                    </Button>,
                    !n.withdrawn && (
                      <Button
                        key="withdraw"
                        type="link"
                        danger
                        onClick={() =>
                          modal.confirm({
                            title: t('notice.withdrawQ'),
                            okText: t('notice.ok'),
                            cancelText: t('notice.cancel'),
                            onOk: async () => {
                              try {
                                await noticeApi.withdraw(n.id);
                                await refresh();
                              } catch (e) {
                                fail(e);
                              }
                            },
                          })
                        }
                      >
                        {t('notice.withdraw')}
                      </Button>
                    ),
                  ]
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
                  <Typography.Text strong={!n.read}>{n.title}</Typography.Text>
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
                      {n.body}
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

/** notice: the platform's notices with unread state; administrators publish, edit and withdraw. */
export default function Notices() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { isAdmin } = useRole();
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [form] = Form.useForm<{ title: string; body: string }>();
  const save = async () => {
    const v = await form.validateFields();
    try {
      await noticeApi.save({ ...(editing && editing !== 'new' ? { id: editing.id } : {}), ...v });
      message.success(t('notice.saved'));
      setEditing(null);
      await qc.invalidateQueries({ queryKey: ['notices'] });
    } catch (e) {
      message.error(t('notice.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };
  const edit = (n: Notice | 'new') => {
    form.setFieldsValue(n === 'new' ? { title: '', body: '' } : { title: n.title, body: n.body });
    setEditing(n);
  };
  return (
    <>
      <PageHeader
        title={t('page.notice')}
        subtitle={t('notice.subtitle')}
        extra={
          isAdmin && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit('new')} data-testid="notice-new">
              {t('notice.newNotice')}
            </Button>
          )
        }
      />
      <Card>
        <Tabs
          items={[
            { key: 'list', label: t('page.notice'), children: <NoticeList manage={false} onEdit={edit} /> },
            ...(isAdmin
              ? [{ key: 'manage', label: t('notice.manageAll'), children: <NoticeList manage onEdit={edit} /> }]
              : []),
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        forceRender
        title={editing === 'new' ? t('notice.newNotice') : t('notice.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText={editing === 'new' ? t('notice.publish') : t('notice.save')}
        cancelText={t('notice.cancel')}
        okButtonProps={{ 'data-testid': 'notice-submit' }}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="title"
            label={t('notice.title')}
            rules={[{ required: true, whitespace: true, message: t('notice.titleRequired') }]}
          >
            <Input maxLength={100} data-testid="notice-title" />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('notice.body')}
            rules={[{ required: true, whitespace: true, message: t('notice.bodyRequired') }]}
          >
            <Input.TextArea rows={6} maxLength={10000} data-testid="notice-body" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
