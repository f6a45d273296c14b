import { CHAT_FIND_LIMITS, type ChatFindData } from '@pvforge/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Badge, Button, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatApi } from '../../api/chat';

type Found = ChatFindData['list'][number];

/**
 * Finding someone to write to (issue 29): by their whole public name, as the server's privacy rule
 * asks (no partial matches, so the users cannot be listed); each hit can be written to at once.
 */
export function FindPeer({ onOpen }: { onOpen: (uid: number) => void }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState('');
  const find = useMutation({ mutationFn: (name: string) => chatApi.find(name) });
  const [tooShort, setTooShort] = useState(false);
  const search = (value: string) => {
    const name = value.trim();
    setTooShort(name.length < CHAT_FIND_LIMITS.nameMinChars);
    if (name.length < CHAT_FIND_LIMITS.nameMinChars) return;
    setAsked(name);
    find.mutate(name);
  };
  const list: Found[] = find.data?.list ?? [];
  return (
    <div style={{ padding: '8px 16px', borderTop: '1px solid #f0f0f0' }} data-testid="chat-find">
      <Typography.Text strong>{t('chat.find')}</Typography.Text>
      <Input.Search
        style={{ marginTop: 8 }}
        placeholder={t('chat.findPlaceholder')}
        maxLength={CHAT_FIND_LIMITS.nameMaxChars}
        allowClear
        enterButton
        loading={find.isPending}
        onSearch={search}
        data-testid="chat-find-input"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
        {tooShort ? t('chat.findShort', { count: CHAT_FIND_LIMITS.nameMinChars }) : t('chat.findHint')}
      </Typography.Text>
      {find.isError && <Alert type="error" showIcon style={{ marginTop: 8 }} title={find.error.message} />}
      {find.isSuccess && list.length === 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid="chat-find-none">
          {t('chat.findNone', { name: asked })}
        </Typography.Text>
      )}
      {list.length > 0 && (
        <List<Found>
          size="small"
          dataSource={list}
          data-testid="chat-find-results"
          renderItem={(p) => (
            <List.Item
              data-testid={`chat-found-${p.uid}`}
              actions={[
                <Button
                  key="chat"
                  size="small"
                  type="link"
                  onClick={() => onOpen(p.uid)}
                  data-testid={`chat-found-start-${p.uid}`}
                >
                  {t('chat.startChat')}
                </Button>,
              ]}
            >
              <Badge status={p.online ? 'success' : 'default'} text={p.name} />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
