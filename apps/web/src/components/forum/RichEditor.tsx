import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
} from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forumApi } from '../../api/forum';

/**
 * The post editor: a contentEditable area with a small toolbar (emphasis, sub/superscript for
 * formulae, lists, quote blocks, links, images uploaded to the forum). What it produces is only a
 * draft: the server sanitises every body with an allow-list before storing it (docs/forum.md).
 */
export function RichEditor({
  initialHtml = '',
  onChange,
  testId = 'forum-editor',
  placeholder,
}: {
  initialHtml?: string;
  onChange: (html: string) => void;
  testId?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const area = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  // Only the first render sets the content; afterwards the user owns it.
  const initial = useRef(initialHtml);
  useEffect(() => {
    if (area.current) area.current.innerHTML = initial.current;
  }, []);

  const changed = () => onChange(area.current?.innerHTML ?? '');
  const exec = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    changed();
  };
  const link = () => {
    const url = window.prompt(t('forum.editor.linkPrompt'), 'https://');
    if (url && /^https?:\/\/\S+$/i.test(url.trim())) exec('createLink', url.trim());
  };
  const insertImage = async (f: File) => {
    setUploading(true);
    const hide = message.loading(t('forum.editor.uploading'), 0);
    try {
      const img = await forumApi.uploadImage(f);
      area.current?.focus();
      document.execCommand('insertHTML', false, `<p><img src="${img.url}" alt=""></p>`);
      changed();
      message.success(t('forum.editor.uploaded'));
    } catch (e) {
      message.error(t('forum.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      hide();
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  const tool = (key: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={t(`forum.editor.${key}`)} key={key}>
      <Button
        size="small"
        icon={icon}
        onClick={onClick}
        aria-label={t(`forum.editor.${key}`)}
        data-testid={`editor-${key}`}
      />
    </Tooltip>
  );

  return (
    <div className="forum-editor">
      <Space wrap size={4} className="forum-editor-toolbar">
        {tool('bold', <BoldOutlined />, () => exec('bold'))}
        {tool('italic', <ItalicOutlined />, () => exec('italic'))}
        {tool('underline', <UnderlineOutlined />, () => exec('underline'))}
        <Tooltip title={t('forum.editor.sub')}>
          <Button size="small" onClick={() => exec('subscript')} aria-label={t('forum.editor.sub')}>
            x<sub>2</sub>
          </Button>
        </Tooltip>
        <Tooltip title={t('forum.editor.sup')}>
          <Button size="small" onClick={() => exec('superscript')} aria-label={t('forum.editor.sup')}>
            x<sup>2</sup>
          </Button>
        </Tooltip>
        {tool('list', <OrderedListOutlined />, () => exec('insertOrderedList'))}
        <Tooltip title={t('forum.editor.quote')}>
          <Button size="small" onClick={() => exec('formatBlock', 'blockquote')} aria-label={t('forum.editor.quote')}>
            “ ”
          </Button>
        </Tooltip>
        {tool('link', <LinkOutlined />, link)}
        <Tooltip title={t('forum.editor.imageHint')}>
          <Button
            size="small"
            icon={<PictureOutlined />}
            loading={uploading}
            onClick={() => file.current?.click()}
            data-testid="editor-image"
          >
            {t('forum.editor.image')}
          </Button>
        </Tooltip>
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          style={{ display: 'none' }}
          data-testid="editor-image-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void insertImage(f);
          }}
        />
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs contentEditable; a textarea holds plain text only */}
      <div
        ref={area}
        className="forum-editor-area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        tabIndex={0}
        data-placeholder={placeholder ?? ''}
        data-testid={testId}
        onInput={changed}
        onBlur={changed}
      />
    </div>
  );
}
