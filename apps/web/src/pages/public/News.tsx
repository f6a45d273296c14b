import { FileTextOutlined } from '@ant-design/icons';
import type { NewsItem } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { qk } from '../../api/queries';
import { PublicPage } from '../../components/PublicPage';
import { useLang } from '../../lib/useLang';
import { CitationDialog } from './CitationDialog';

const PAGE_SIZE = 10;

function NewsEntry({ item }: { item: NewsItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const en = lang === 'en';
  const title = en ? item.title_en : item.title_zh;
  const summary = en ? item.summary_en : item.summary_zh;
  const body = en ? item.body_en : item.body_zh;
  return (
    <Card className="news-card" data-testid="news-item">
      <div className="news-meta">
        <Tag color={item.kind === 'achievement' ? 'gold' : 'blue'}>
          {item.kind === 'achievement' ? t('news.kindAchievement') : t('news.kindNews')}
        </Tag>
        <time dateTime={item.published_at} className="news-date" data-testid="news-date">
          {dayjs(item.published_at).format(en ? 'D MMM YYYY' : 'YYYY年M月D日')}
        </time>
      </div>
      <Typography.Title level={4} className="news-title" data-testid="news-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{summary}</Typography.Paragraph>
      {open && (
        <div className="news-body" data-testid="news-body">
          {body.split(/\n{2,}/).map((para, i) => (
            // Paragraphs of a stored text have no identity beyond their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: static text split into paragraphs
            <Typography.Paragraph key={i}>{para}</Typography.Paragraph>
          ))}
        </div>
      )}
      <Button type="link" className="news-toggle" onClick={() => setOpen((o) => !o)} data-testid="news-toggle">
        {open ? t('news.collapse') : t('news.expand')}
      </Button>
    </Card>
  );
}

export default function News() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [citeOpen, setCiteOpen] = useState(false);
  const news = useQuery({
    queryKey: qk.news(page, PAGE_SIZE),
    queryFn: () => api.newsList(page, PAGE_SIZE),
    placeholderData: (prev) => prev,
  });
  return (
    <PublicPage
      title={t('news.title')}
      subtitle={t('news.subtitle')}
      extra={
        <Button icon={<FileTextOutlined />} onClick={() => setCiteOpen(true)} data-testid="citation-open">
          {t('news.cite')}
        </Button>
      }
    >
      {news.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {news.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed', { msg: news.error.message })}
          action={
            <Button size="small" onClick={() => void news.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {news.data &&
        (news.data.list.length === 0 ? (
          <Empty description={t('news.empty')} />
        ) : (
          <>
            <div className="news-list" data-testid="news-list">
              {news.data.list.map((item) => (
                <NewsEntry key={item.id} item={item} />
              ))}
            </div>
            {news.data.total > PAGE_SIZE && (
              <Pagination
                className="news-pagination"
                current={page}
                pageSize={PAGE_SIZE}
                total={news.data.total}
                showTotal={(total) => t('news.total', { total })}
                showSizeChanger={false}
                onChange={(p) => {
                  setPage(p);
                  window.scrollTo(0, 0);
                }}
              />
            )}
          </>
        ))}
      <CitationDialog open={citeOpen} onClose={() => setCiteOpen(false)} />
    </PublicPage>
  );
}
