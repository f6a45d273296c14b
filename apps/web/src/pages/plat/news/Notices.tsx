import { PlusOutlined } from '@ant-design/icons';
import type { Notice } from '@pvforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeApi } from '../../../api/notices';
import { useRole } from '../../../api/queries';
import { NoticeList } from '../../../components/notices/NoticeList';
import { PageHeader } from '../../../components/PageHeader';

/** A rule for one of the English fields: empty only when its partner is empty too. */
function bothOrNeither(partner: 'titleEn' | 'bodyEn', message: string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator(_: unknown, value: unknown) {
      const mine = typeof value === 'string' && value.trim() !== '';
      const theirs = String(getFieldValue(partner) ?? '').trim() !== '';
      return mine || !theirs ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
}

/** notice: the platform's notices with unread state; administrators publish, edit and withdraw. */
export default function Notices() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { isAdmin } = useRole();
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [form] = Form.useForm<{ title: string; body: string; titleEn: string; bodyEn: string }>();
  const save = async () => {
    const v = await form.validateFields();
    try {
      await noticeApi.save({ ...(editing && editing !== 'new' ? { id: editing.id } : {}), ...v });
      message.success(t('notice.saved'));
      setEditing(null);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['notices'] }),
        qc.invalidateQueries({ queryKey: ['msgs'] }),
      ]);
    } catch (e) {
      message.error(t('notice.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };
  const edit = (n: Notice | 'new') => {
    form.setFieldsValue(
      n === 'new'
        ? { title: '', body: '', titleEn: '', bodyEn: '' }
        : { title: n.title, body: n.body, titleEn: n.titleEn, bodyEn: n.bodyEn },
    );
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
          {/* Optional: English readers see these; both or neither (the server says so too). */}
          <Form.Item
            name="titleEn"
            label={t('notice.titleEn')}
            dependencies={['bodyEn']}
            rules={[bothOrNeither('bodyEn', t('notice.enBoth'))]}
          >
            <Input maxLength={100} data-testid="notice-title-en" />
          </Form.Item>
          <Form.Item
            name="bodyEn"
            label={t('notice.bodyEn')}
            dependencies={['titleEn']}
            rules={[bothOrNeither('titleEn', t('notice.enBoth'))]}
          >
            <Input.TextArea rows={4} maxLength={10000} data-testid="notice-body-en" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
