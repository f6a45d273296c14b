import { PlusOutlined } from '@ant-design/icons';
import type { FaqItem } from '@pvforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, List, Modal, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { qk, useFaq, useRole } from '../../../api/queries';
import { FaqList } from '../../../components/FaqList';
import { PageHeader } from '../../../components/PageHeader';

type Draft = Omit<FaqItem, 'id'>;

/** Administrators edit the FAQ here; /help and this page show the same entries. */
function FaqAdmin() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const faq = useFaq();
  const [editing, setEditing] = useState<FaqItem | 'new' | null>(null);
  const [form] = Form.useForm<Draft>();
  const en = i18n.language === 'en';
  const refresh = () => qc.invalidateQueries({ queryKey: qk.faq });
  const fail = (e: unknown) => message.error(t('notice.failed', { msg: e instanceof Error ? e.message : String(e) }));
  const edit = (f: FaqItem | 'new') => {
    const last = Math.max(0, ...(faq.data?.list ?? []).map((x) => x.sort));
    form.setFieldsValue(
      f === 'new' ? { sort: last + 1, question_zh: '', question_en: '', answer_zh: '', answer_en: '' } : f,
    );
    setEditing(f);
  };
  const save = async () => {
    const v = await form.validateFields();
    try {
      await call('/sys/faq/save', { body: { ...v, ...(editing && editing !== 'new' ? { id: editing.id } : {}) } });
      message.success(t('notice.saved'));
      setEditing(null);
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => edit('new')} style={{ marginBottom: 12 }} data-testid="faq-add">
        {t('faq.add')}
      </Button>
      <List<FaqItem>
        dataSource={faq.data?.list ?? []}
        renderItem={(f) => (
          <List.Item
            actions={[
              <Button key="e" type="link" onClick={() => edit(f)}>
                {t('notice.edit')}
              </Button>,
              <Button
                key="d"
                type="link"
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('faq.deleteQ'),
                    okText: t('notice.ok'),
                    cancelText: t('notice.cancel'),
                    onOk: async () => {
                      try {
                        await call('/sys/faq/delete', { body: { id: f.id } });
                        await refresh();
                      } catch (e) {
                        fail(e);
                      }
                    },
                  })
                }
              >
                {t('faq.delete')}
              </Button>,
            ]}
          >
            {f.sort}. {en ? f.question_en : f.question_zh}
          </List.Item>
        )}
      />
      <Modal
        open={editing !== null}
        forceRender
        width={760}
        title={editing === 'new' ? t('faq.add') : t('notice.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText={t('notice.save')}
        cancelText={t('notice.cancel')}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="sort" label={t('faq.sort')} rules={[{ required: true }]}>
            <InputNumber min={0} max={10000} />
          </Form.Item>
          <Space direction="vertical" style={{ width: '100%' }}>
            {(['question_zh', 'question_en', 'answer_zh', 'answer_en'] as const).map((k) => (
              <Form.Item key={k} name={k} label={t(`faq.field.${k}`)} rules={[{ required: true, whitespace: true }]}>
                {k.startsWith('question') ? <Input maxLength={500} /> : <Input.TextArea rows={4} maxLength={10000} />}
              </Form.Item>
            ))}
          </Space>
        </Form>
      </Modal>
    </>
  );
}

export default function Faq() {
  const { t } = useTranslation();
  const { isAdmin } = useRole();
  return (
    <>
      <PageHeader title={t('faq.title')} />
      <Card>
        {isAdmin ? (
          <Tabs
            items={[
              { key: 'read', label: t('faq.title'), children: <FaqList /> },
              { key: 'edit', label: t('faq.manage'), children: <FaqAdmin /> },
            ]}
          />
        ) : (
          <FaqList />
        )}
      </Card>
    </>
  );
}
