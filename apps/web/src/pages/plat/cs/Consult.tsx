import { PlusOutlined } from '@ant-design/icons';
import {
  type AttachmentRef,
  CONSULT_CATEGORIES,
  CONSULT_LIMITS,
  type ConsultCategory,
  type ConsultStatus,
  type ConsultTicketItem,
} from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { consultApi, consultKeys } from '../../../api/consult';
import { useRole } from '../../../api/queries';
import { AttachmentCards, AttachmentPicker } from '../../../components/forum/Attachments';
import { PageHeader } from '../../../components/PageHeader';

const STATUS_COLOUR: Record<ConsultStatus, string> = { open: 'orange', answered: 'green', closed: 'default' };

function Tickets({ scope, onOpen }: { scope: 'mine' | 'all'; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ConsultStatus | ''>('');
  const [page, setPage] = useState(1);
  const size = 20;
  const q = useQuery({
    queryKey: consultKeys.list(scope, status, page, size),
    queryFn: () =>
      scope === 'mine'
        ? consultApi.mine(page, size, status || undefined)
        : consultApi.all(page, size, status || undefined),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Select
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        style={{ width: 160, marginBottom: 12 }}
        aria-label={t('consult.colStatus')}
        options={[
          { value: '', label: t('consult.allStatus') },
          ...(['open', 'answered', 'closed'] as const).map((s) => ({ value: s, label: t(`consult.status.${s}`) })),
        ]}
      />
      {q.isError && <Alert type="error" showIcon title={t('consult.failed', { msg: q.error.message })} />}
      <Table<ConsultTicketItem>
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('consult.empty') }}
        data-testid={`consult-${scope}`}
        pagination={{ current: page, pageSize: size, total: q.data?.total ?? 0, onChange: setPage }}
        onRow={(r) => ({ onClick: () => onOpen(r.id), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: t('consult.colSubject'),
            key: 'subject',
            render: (_, r) => (
              <Button type="link" onClick={() => onOpen(r.id)} data-testid="consult-open" style={{ padding: 0 }}>
                {r.subject}
              </Button>
            ),
          },
          ...(scope === 'all' ? [{ title: t('consult.colUser'), dataIndex: 'userName' }] : []),
          { title: t('consult.colCategory'), key: 'cat', render: (_, r) => t(`consult.categories.${r.category}`) },
          {
            title: t('consult.colStatus'),
            key: 'status',
            render: (_, r) => (
              <Tag color={STATUS_COLOUR[r.status]} data-testid="consult-status" data-status={r.status}>
                {t(`consult.status.${r.status}`)}
              </Tag>
            ),
          },
          {
            title: t('consult.colUpdated'),
            key: 'updated',
            render: (_, r) => new Date(r.updatedAt).toLocaleString(i18n.language),
          },
        ]}
      />
    </>
  );
}

function TicketDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const { isAdmin } = useRole();
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<AttachmentRef[]>([]);
  const [sending, setSending] = useState(false);
  const q = useQuery({ queryKey: consultKeys.detail(id), queryFn: () => consultApi.detail(id) });
  const refresh = () => qc.invalidateQueries({ queryKey: consultKeys.all });
  const fail = (e: unknown) => message.error(t('consult.failed', { msg: e instanceof Error ? e.message : String(e) }));
  const ticket = q.data;
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await consultApi.reply({ id, text, attachments });
      message.success(t('consult.sent'));
      setText('');
      setAttachments([]);
      await refresh();
    } catch (e) {
      fail(e);
    } finally {
      setSending(false);
    }
  };
  return (
    <Drawer
      open
      width={720}
      onClose={onClose}
      title={ticket ? ticket.subject : ''}
      data-testid="consult-drawer"
      extra={
        ticket &&
        ticket.status !== 'closed' && (
          <Button
            data-testid="consult-close"
            onClick={() =>
              modal.confirm({
                title: t('consult.closeConfirm'),
                okText: t('consult.ok'),
                cancelText: t('consult.cancel'),
                onOk: async () => {
                  try {
                    await consultApi.close(id);
                    message.success(t('consult.closed'));
                    await refresh();
                  } catch (e) {
                    fail(e);
                  }
                },
              })
            }
          >
            {t('consult.close')}
          </Button>
        )
      }
    >
      {q.isError && <Alert type="error" showIcon title={t('consult.failed', { msg: q.error.message })} />}
      {ticket && (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Tag>{t(`consult.categories.${ticket.category}`)}</Tag>
            <Tag color={STATUS_COLOUR[ticket.status]} data-testid="consult-detail-status" data-status={ticket.status}>
              {t(`consult.status.${ticket.status}`)}
            </Tag>
          </Space>
          {ticket.messages.map((m) => (
            <Card
              key={m.id}
              size="small"
              style={{ marginBottom: 10, background: m.fromAdmin ? '#f6ffed' : undefined }}
              data-testid={m.fromAdmin ? 'consult-msg-admin' : 'consult-msg-user'}
              title={
                <Space>
                  <Typography.Text strong>{m.fromAdmin ? t('consult.support') : m.author}</Typography.Text>
                  <Typography.Text type="secondary">
                    {new Date(m.createdAt).toLocaleString(i18n.language)}
                  </Typography.Text>
                </Space>
              }
            >
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{m.text}</Typography.Paragraph>
              <AttachmentCards cards={m.attachments} />
            </Card>
          ))}
          {ticket.status === 'closed' ? (
            <Alert type="info" showIcon title={t('consult.closedNotice')} />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input.TextArea
                rows={4}
                value={text}
                maxLength={CONSULT_LIMITS.textMaxChars}
                onChange={(e) => setText(e.target.value)}
                placeholder={isAdmin && ticket.userId !== undefined ? t('consult.adminReplyPh') : t('consult.replyPh')}
                aria-label={t('consult.reply')}
                data-testid="consult-reply-text"
              />
              <AttachmentPicker value={attachments} onChange={setAttachments} />
              <Button
                type="primary"
                loading={sending}
                disabled={!text.trim()}
                onClick={() => void send()}
                data-testid="consult-reply-send"
              >
                {t('consult.send')}
              </Button>
            </Space>
          )}
        </>
      )}
    </Drawer>
  );
}

/** cs/consult: the user's consultations, a form to open one, and (administrators) every ticket. */
export default function Consult() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { isAdmin } = useRole();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || 0;
  const [creating, setCreating] = useState(false);
  const [attachments, setAttachments] = useState<AttachmentRef[]>([]);
  const [form] = Form.useForm<{ category: ConsultCategory; subject: string; text: string }>();
  const open = (id: number) => setParams({ id: String(id) });
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await consultApi.create({ ...v, attachments });
      message.success(t('consult.created'));
      setCreating(false);
      form.resetFields();
      setAttachments([]);
      await qc.invalidateQueries({ queryKey: consultKeys.all });
      open(r.id);
    } catch (e) {
      message.error(t('consult.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };
  return (
    <>
      <PageHeader
        title={t('page.consult')}
        subtitle={t('consult.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="consult-new">
            {t('consult.new')}
          </Button>
        }
      />
      <Card>
        <Tabs
          items={[
            { key: 'mine', label: t('consult.mine'), children: <Tickets scope="mine" onOpen={open} /> },
            ...(isAdmin
              ? [{ key: 'all', label: t('consult.all'), children: <Tickets scope="all" onOpen={open} /> }]
              : []),
          ]}
        />
      </Card>
      <Modal
        open={creating}
        title={t('consult.new')}
        onCancel={() => setCreating(false)}
        onOk={() => void submit()}
        okText={t('consult.submit')}
        cancelText={t('consult.cancel')}
        okButtonProps={{ 'data-testid': 'consult-submit' }}
        width={680}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ category: 'calculation' }}>
          <Form.Item
            name="category"
            label={t('consult.category')}
            rules={[{ required: true, message: t('consult.categoryPh') }]}
          >
            <Select
              data-testid="consult-category"
              options={CONSULT_CATEGORIES.map((c) => ({ value: c, label: t(`consult.categories.${c}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="subject"
            label={t('consult.subject')}
            rules={[{ required: true, whitespace: true, message: t('consult.subjectRequired') }]}
          >
            <Input
              maxLength={CONSULT_LIMITS.subjectMaxChars}
              placeholder={t('consult.subjectPh')}
              data-testid="consult-subject"
            />
          </Form.Item>
          <Form.Item
            name="text"
            label={t('consult.text')}
            rules={[{ required: true, whitespace: true, message: t('consult.textRequired') }]}
          >
            <Input.TextArea
              rows={6}
              maxLength={CONSULT_LIMITS.textMaxChars}
              showCount
              placeholder={t('consult.textPh')}
              data-testid="consult-text"
            />
          </Form.Item>
          <Form.Item label={t('forum.attach.title')}>
            <AttachmentPicker value={attachments} onChange={setAttachments} />
          </Form.Item>
        </Form>
      </Modal>
      {openId > 0 && (
        <TicketDrawer
          id={openId}
          onClose={() => {
            params.delete('id');
            setParams(params);
          }}
        />
      )}
    </>
  );
}
