import type { FaqItem } from '@pvforge/contracts';
import { Alert, Button, Collapse, Empty, Input, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFaq } from '../api/queries';
import { useLang } from '../lib/useLang';

/** The FAQ accordion from /sys/faq/list, in the current language, with a filter box. */
export function FaqList({ searchable = true }: { searchable?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const faq = useFaq();
  const [q, setQ] = useState('');

  const items = useMemo(() => {
    const text = (f: FaqItem) =>
      lang === 'en' ? { qn: f.question_en, an: f.answer_en } : { qn: f.question_zh, an: f.answer_zh };
    const needle = q.trim().toLowerCase();
    return [...(faq.data?.list ?? [])]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((f) => ({ id: f.id, ...text(f) }))
      .filter((f) => !needle || f.qn.toLowerCase().includes(needle) || f.an.toLowerCase().includes(needle));
  }, [faq.data, lang, q]);

  if (faq.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (faq.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.loadFailed', { msg: faq.error.message })}
        action={
          <Button size="small" onClick={() => void faq.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div data-testid="faq-list">
      {searchable && (faq.data?.list.length ?? 0) > 0 && (
        <Input.Search
          allowClear
          placeholder={t('faq.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="faq-search"
          data-testid="faq-search"
        />
      )}
      {items.length === 0 ? (
        <Empty description={q ? t('faq.noMatch') : t('faq.empty')} />
      ) : (
        <Collapse
          accordion
          items={items.map((f, i) => ({
            key: String(f.id),
            label: (
              <span data-testid="faq-question">
                {i + 1}. {f.qn}
              </span>
            ),
            children: <div className="faq-answer">{f.an}</div>,
          }))}
        />
      )}
    </div>
  );
}
