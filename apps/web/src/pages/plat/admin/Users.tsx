import type { AdminUserItem, AuditEntry } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Drawer, Dropdown, Input, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { PageHeader } from '../../../components/PageHeader';
import { useKick } from '../../../live/useKick';

type Action = 'makeAdmin' | 'makeUser' | 'disable' | 'enable' | 'logout' | 'resetMail';

function UserDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['admin', 'user', id], queryFn: () => adminApi.detail(id) });
  const d = q.data;
  return (
    <Drawer open onClose={onClose} width={520} title={d?.user.real_name ?? ''} data-testid="admin-user-drawer">
      {d && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('admin.colEmail')}>{d.user.username}</Descriptions.Item>
          <Descriptions.Item label={t('admin.colNickname')}>{d.user.nickname ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.colRole')}>
            {d.user.role === 1 ? t('admin.roleAdmin') : t('admin.roleUser')}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.colState')}>
            {d.user.disabled ? t('admin.disabled') : t('admin.active')}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.calculations')}>{d.calculations}</Descriptions.Item>
          <Descriptions.Item label={t('admin.devices')}>{d.devices}</Descriptions.Item>
          <Descriptions.Item label={t('admin.threads')}>{d.threads}</Descriptions.Item>
          <Descriptions.Item label={t('admin.balance')}>{d.balanceYuan.toFixed(2)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

function UserList() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const kick = useKick();
  const list = useQuery({
    queryKey: ['admin', 'users', q, page],
    queryFn: () => adminApi.users(page, 20, q),
    placeholderData: keepPreviousData,
  });
  const run = (u: AdminUserItem, action: Action) =>
    modal.confirm({
      title: t('admin.confirmQ', { action: t(`admin.${action}`) }),
      content: `${u.real_name} <${u.username}>`,
      okText: t('admin.ok'),
      cancelText: t('admin.cancel'),
      onOk: async () => {
        try {
          const id = u.user_id;
          if (action === 'makeAdmin' || action === 'makeUser') await adminApi.role(id, action === 'makeAdmin' ? 1 : 3);
          else if (action === 'disable' || action === 'enable') await adminApi.disable(id, action === 'disable');
          else if (action === 'logout') await adminApi.logout(id);
          else await adminApi.resetMail(id);
          message.success(t('admin.done', { action: t(`admin.${action}`) }));
          await qc.invalidateQueries({ queryKey: ['admin'] });
        } catch (e) {
          message.error(t('admin.failed', { msg: e instanceof Error ? e.message : String(e) }));
        }
      },
    });
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('admin.searchPh')}
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 360, marginBottom: 12 }}
        data-testid="admin-user-search"
      />
      <Table<AdminUserItem>
        rowKey="user_id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="admin-users"
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('admin.colEmail'), dataIndex: 'username' },
          { title: t('admin.colName'), dataIndex: 'real_name' },
          { title: t('admin.colNickname'), key: 'nick', render: (_, u) => u.nickname ?? '—' },
          {
            title: t('admin.colRole'),
            key: 'role',
            render: (_, u) => (u.role === 1 ? <Tag color="gold">{t('admin.roleAdmin')}</Tag> : t('admin.roleUser')),
          },
          {
            title: t('admin.colState'),
            key: 'state',
            render: (_, u) =>
              u.disabled ? <Tag color="red">{t('admin.disabled')}</Tag> : <Tag color="green">{t('admin.active')}</Tag>,
          },
          {
            title: t('admin.colCreated'),
            key: 'c',
            render: (_, u) => new Date(u.created_at).toLocaleDateString(i18n.language),
          },
          {
            title: '',
            key: 'act',
            render: (_, u) => (
              <>
                <Button type="link" onClick={() => setViewing(u.user_id)}>
                  {t('admin.view')}
                </Button>
                <Button type="link" danger onClick={() => kick(u)} data-testid={`admin-user-kick-${u.user_id}`}>
                  {t('chat.kick')}
                </Button>
                <Dropdown
                  menu={{
                    items: (
                      [
                        u.role === 1 ? 'makeUser' : 'makeAdmin',
                        u.disabled ? 'enable' : 'disable',
                        'logout',
                        'resetMail',
                      ] as Action[]
                    ).map((a) => ({ key: a, label: t(`admin.${a}`), danger: a === 'disable' })),
                    onClick: (e) => run(u, e.key as Action),
                  }}
                >
                  <Button size="small" data-testid={`admin-user-actions-${u.user_id}`}>
                    ⋯
                  </Button>
                </Dropdown>
              </>
            ),
          },
        ]}
      />
      {viewing !== null && <UserDetail id={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

function AuditLog() {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['admin', 'audit', action, page],
    queryFn: () => adminApi.audit(page, 20, action || undefined),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('admin.filterPh')}
        onSearch={(v) => {
          setAction(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <Table<AuditEntry>
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        data-testid="admin-audit"
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('admin.colTime'),
            key: 't',
            render: (_, a) => new Date(a.createdAt).toLocaleString(i18n.language),
          },
          { title: t('admin.colAdmin'), dataIndex: 'adminName' },
          { title: t('admin.colAction'), dataIndex: 'action' },
          { title: t('admin.colTarget'), dataIndex: 'target' },
          { title: t('admin.colDetail'), dataIndex: 'detail' },
        ]}
      />
    </>
  );
}

/** manage/users (administrators): users and the audit log of administrators' actions. */
export default function Users() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.users')} />
      <Card>
        <Tabs
          items={[
            { key: 'users', label: t('admin.users'), children: <UserList /> },
            { key: 'audit', label: t('admin.audit'), children: <AuditLog /> },
          ]}
        />
      </Card>
    </>
  );
}
