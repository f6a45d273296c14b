import { AppstoreOutlined, LineChartOutlined, LockOutlined } from '@ant-design/icons';
import type { AttachmentCard, AttachmentRef, CalcKind, DeviceKind } from '@pvforge/contracts';
import { Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { calcLink } from '../../lib/library';
import { resultPath } from '../../live/protocol';

/** Where a card opens: the result view of a calculation, the calculation page of a device. */
function target(card: AttachmentCard): string | undefined {
  if (!card.visible || !card.kind) return undefined;
  if (card.type === 'calc') return resultPath(card.kind as CalcKind, Number(card.id));
  return calcLink(card.kind as DeviceKind, card.id);
}

/** Attachments of a post as cards; a card names and opens the item only for readers who may see it. */
export function AttachmentCards({ cards }: { cards: AttachmentCard[] }) {
  const { t } = useTranslation();
  if (cards.length === 0) return null;
  return (
    <Space wrap className="forum-attachments" data-testid="forum-attachments">
      {cards.map((c) => {
        const to = target(c);
        const label =
          c.type === 'calc' ? t('forum.attach.calcCard', { id: c.id }) : t('forum.attach.deviceCard', { id: c.id });
        return (
          <Card
            key={`${c.type}:${c.id}`}
            size="small"
            className="forum-attachment"
            data-testid={`attachment-${c.type}-${c.id}`}
            data-visible={c.visible ? '1' : '0'}
          >
            <Space>
              {c.visible ? c.type === 'calc' ? <LineChartOutlined /> : <AppstoreOutlined /> : <LockOutlined />}
              <div>
                <Typography.Text strong>{c.visible ? c.name : label}</Typography.Text>
                <div>
                  {c.visible && c.kind && <Tag>{t(`forum.kind.${c.kind}`, { defaultValue: c.kind })}</Tag>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.visible ? label : t('forum.attach.noAccess')}
                  </Typography.Text>
                </div>
              </div>
              {to && (
                <Link to={to} data-testid="attachment-open">
                  {t('forum.attach.open')}
                </Link>
              )}
            </Space>
          </Card>
        );
      })}
    </Space>
  );
}

const CALC_ID = /^\d{1,12}$/;
const DEVICE_ID = /^[0-9a-f]{32}$/;

/** Picks attachments by ID: a calculation record number or a 32-character device ID. */
export function AttachmentPicker({
  value,
  onChange,
}: {
  value: AttachmentRef[];
  onChange: (v: AttachmentRef[]) => void;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<'calc' | 'device'>('calc');
  const [id, setId] = useState('');
  const clean = id.trim().toLowerCase();
  const valid = type === 'calc' ? CALC_ID.test(clean) : DEVICE_ID.test(clean);
  const add = () => {
    if (!valid || value.some((v) => v.type === type && v.id === clean) || value.length >= 5) return;
    onChange([...value, { type, id: clean }]);
    setId('');
  };
  return (
    <div data-testid="attachment-picker">
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('forum.attach.hint')}
      </Typography.Text>
      <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
        <Select
          value={type}
          onChange={setType}
          style={{ width: 140 }}
          aria-label={t('forum.attach.type')}
          data-testid="attachment-type"
          options={[
            { value: 'calc', label: t('forum.attach.calc') },
            { value: 'device', label: t('forum.attach.device') },
          ]}
        />
        <Input
          value={id}
          onChange={(e) => setId(e.target.value)}
          placeholder={t('forum.attach.idPh')}
          aria-label={t('forum.attach.id')}
          status={id && !valid ? 'error' : undefined}
          onPressEnter={add}
          data-testid="attachment-id"
        />
        <Button onClick={add} disabled={!valid} data-testid="attachment-add">
          {t('forum.attach.add')}
        </Button>
      </Space.Compact>
      {id && !valid && (
        <Typography.Text type="danger" style={{ display: 'block' }}>
          {t('forum.attach.badId')}
        </Typography.Text>
      )}
      <Space wrap style={{ marginTop: 8 }}>
        {value.map((v) => (
          <Tag
            key={`${v.type}:${v.id}`}
            closable
            onClose={() => onChange(value.filter((x) => x !== v))}
            data-testid={`attachment-tag-${v.type}-${v.id}`}
          >
            {v.type === 'calc' ? t('forum.attach.calcCard', { id: v.id }) : t('forum.attach.deviceCard', { id: v.id })}
          </Tag>
        ))}
      </Space>
    </div>
  );
}
