import type { AttachmentRef, ForumBoard } from '@pvforge/contracts';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentPicker } from '../../../components/forum/Attachments';
import { RichEditor } from '../../../components/forum/RichEditor';

export interface ThreadDraft {
  boardId: number;
  title: string;
  body: string;
  attachments: AttachmentRef[];
}

/** New thread or edit of one: board, title, rich text, attachments. */
export function ThreadForm({
  open,
  boards,
  initial,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  boards: ForumBoard[];
  initial?: Partial<ThreadDraft>;
  onCancel: () => void;
  onSubmit: (d: ThreadDraft) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ boardId: number; title: string }>();
  const [body, setBody] = useState(initial?.body ?? '');
  const [attachments, setAttachments] = useState<AttachmentRef[]>(initial?.attachments ?? []);
  const [saving, setSaving] = useState(false);
  const hasText = body.replace(/<[^>]*>/g, '').trim() !== '' || body.includes('<img');

  const submit = async () => {
    const v = await form.validateFields();
    if (!hasText) {
      message.error(t('forum.bodyRequired'));
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ boardId: v.boardId, title: v.title, body, attachments });
    } catch (e) {
      message.error(t('forum.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={initial?.title ? t('forum.edit') : t('forum.newThread')}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={initial?.title ? t('forum.save') : t('forum.submit')}
      cancelText={t('forum.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'thread-submit' }}
      width={760}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ boardId: initial?.boardId ?? boards[0]?.id, title: initial?.title ?? '' }}
      >
        <Form.Item name="boardId" label={t('forum.board')} rules={[{ required: true, message: t('forum.boardPh') }]}>
          <Select
            data-testid="thread-board"
            placeholder={t('forum.boardPh')}
            options={boards.map((b) => ({ value: b.id, label: b.name }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('forum.title')}
          rules={[{ required: true, whitespace: true, message: t('forum.titleRequired') }, { max: 100 }]}
        >
          <Input placeholder={t('forum.titlePh')} maxLength={100} showCount data-testid="thread-title" />
        </Form.Item>
        <Form.Item label={t('forum.body')} required>
          <RichEditor initialHtml={initial?.body ?? ''} onChange={setBody} testId="thread-body" />
        </Form.Item>
        <Form.Item label={t('forum.attach.title')}>
          <AttachmentPicker value={attachments} onChange={setAttachments} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
