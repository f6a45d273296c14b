import type { ForumMyReply, ForumThreadItem } from '@pvforge/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, List, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forumApi, forumKeys } from '../../../api/forum';
import { PageHeader } from '../../../components/PageHeader';

function Mine({ type }: { type: 'thread' | 'reply' }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const size = 20;
  const q = useQuery({
    queryKey: forumKeys.myPosts(type, page, size),
    queryFn: () => forumApi.myPosts(type, page, size),
    placeholderData: keepPreviousData,
  });
  const pagination = { current: page, pageSize: size, total: q.data?.total ?? 0, onChange: setPage };
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  if (type === 'thread')
    return (
      <List<ForumThreadItem>
        loading={q.isFetching}
        dataSource={q.data?.threads ?? []}
        pagination={pagination}
        locale={{ emptyText: t('forum.mine.empty') }}
        data-testid="mypost-threads"
        renderItem={(x) => (
          <List.Item>
            <List.Item.Meta
              title={
                <>
                  <Link to={`/plat/bbs/detail/${x.id}`}>{x.title}</Link> {x.hidden && <Tag>{t('forum.hidden')}</Tag>}
                  {x.pinned && <Tag color="red">{t('forum.pinned')}</Tag>}
                </>
              }
              description={`${x.boardName} · ${t('forum.colReplies')} ${x.replyCount} · ${when(x.createdAt)}`}
            />
          </List.Item>
        )}
      />
    );
  return (
    <List<ForumMyReply>
      loading={q.isFetching}
      dataSource={q.data?.replies ?? []}
      pagination={pagination}
      locale={{ emptyText: t('forum.mine.empty') }}
      data-testid="mypost-replies"
      renderItem={(x) => (
        <List.Item>
          <List.Item.Meta
            title={<Link to={`/plat/bbs/detail/${x.threadId}`}>{t('forum.mine.in', { title: x.threadTitle })}</Link>}
            description={
              <>
                <Typography.Text>{x.excerpt}</Typography.Text> {x.hidden && <Tag>{t('forum.hidden')}</Tag>}
                <div>
                  <Typography.Text type="secondary">{when(x.createdAt)}</Typography.Text>
                </div>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** mypost: the caller's threads and replies. */
export default function MyPosts() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('page.mypost')} />
      <Card>
        <Tabs
          items={[
            { key: 'thread', label: t('forum.mine.threads'), children: <Mine type="thread" /> },
            { key: 'reply', label: t('forum.mine.replies'), children: <Mine type="reply" /> },
          ]}
        />
      </Card>
    </>
  );
}
