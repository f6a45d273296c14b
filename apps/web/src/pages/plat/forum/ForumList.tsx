import { EyeInvisibleOutlined, LockOutlined, PlusOutlined, PushpinOutlined } from '@ant-design/icons';
import type { ForumKind, ForumThreadItem } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Input, Menu, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { forumApi, forumKeys } from '../../../api/forum';
import { PageHeader } from '../../../components/PageHeader';
import { ThreadForm } from './ThreadForm';

/**
 * bbs/academic, bbs/academic/{board}, bbs/feedback, bbs/feedback/{board}: the boards of one forum
 * on the left, its threads (pinned first, then latest reply) on the right, search, paging and a
 * "new thread" form.
 */
export default function ForumList() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const forum: ForumKind = pathname.includes('/bbs/feedback') ? 'feedback' : 'academic';
  const params = useParams();
  const boardId = params['id'] && /^\d+$/.test(params['id']) ? Number(params['id']) : undefined;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [composing, setComposing] = useState(false);

  const boards = useQuery({ queryKey: forumKeys.boards(forum), queryFn: () => forumApi.boards(forum) });
  const filter = { forum, ...(boardId ? { boardId } : {}), ...(search ? { search } : {}), page, size };
  const threads = useQuery({
    queryKey: forumKeys.threads(filter),
    queryFn: () => forumApi.threads(filter),
    placeholderData: keepPreviousData,
  });
  const board = boards.data?.list.find((b) => b.id === boardId);
  const base = `/plat/bbs/${forum}`;
  const title = t(forum === 'academic' ? 'page.bbsAcademic' : 'page.bbsFeedback');

  return (
    <>
      <PageHeader
        title={board ? `${title} · ${board.name}` : title}
        subtitle={board?.description ?? t(`forum.subtitle.${forum}`)}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)} data-testid="forum-new">
            {t('forum.newThread')}
          </Button>
        }
      />
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Card size="small" title={t('forum.boards')}>
            <Menu
              mode="inline"
              selectedKeys={[boardId ? String(boardId) : 'all']}
              data-testid="forum-boards"
              onClick={(e) => {
                setPage(1);
                void navigate(e.key === 'all' ? base : `${base}/${e.key}`);
              }}
              items={[
                { key: 'all', label: t('forum.allBoards') },
                ...(boards.data?.list ?? []).map((b) => ({
                  key: String(b.id),
                  label: (
                    <Space>
                      <span>{b.name}</span>
                      <Typography.Text type="secondary">{b.threadCount}</Typography.Text>
                    </Space>
                  ),
                })),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={18}>
          <Card>
            <Input.Search
              allowClear
              placeholder={t('forum.searchPh')}
              aria-label={t('forum.search')}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
              style={{ maxWidth: 360, marginBottom: 16 }}
              data-testid="forum-search"
            />
            {threads.isError && (
              <Alert type="error" showIcon title={t('forum.loadFailed', { msg: threads.error.message })} />
            )}
            <Table<ForumThreadItem>
              rowKey="id"
              loading={threads.isFetching}
              dataSource={threads.data?.list ?? []}
              locale={{ emptyText: t('forum.empty') }}
              data-testid="forum-threads"
              pagination={{
                current: page,
                pageSize: size,
                total: threads.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50],
                showTotal: (n) => t('forum.pageTotal', { count: n }),
                onChange: (p, s) => {
                  setPage(s !== size ? 1 : p);
                  setSize(s);
                },
              }}
              columns={[
                {
                  title: t('forum.colTitle'),
                  key: 'title',
                  render: (_, r) => (
                    <Space wrap>
                      {r.pinned && (
                        <Tag color="red" icon={<PushpinOutlined />} data-testid="thread-pinned">
                          {t('forum.pinned')}
                        </Tag>
                      )}
                      {r.locked && <Tag icon={<LockOutlined />}>{t('forum.locked')}</Tag>}
                      {r.hidden && <Tag icon={<EyeInvisibleOutlined />}>{t('forum.hidden')}</Tag>}
                      <Link to={`/plat/bbs/detail/${r.id}`} data-testid="thread-link">
                        {r.title}
                      </Link>
                      {!boardId && <Typography.Text type="secondary">[{r.boardName}]</Typography.Text>}
                    </Space>
                  ),
                },
                { title: t('forum.colAuthor'), key: 'author', width: 140, render: (_, r) => r.author.nickname },
                { title: t('forum.colReplies'), dataIndex: 'replyCount', width: 80 },
                {
                  title: t('forum.colLast'),
                  key: 'last',
                  width: 180,
                  render: (_, r) => new Date(r.lastReplyAt).toLocaleString(i18n.language),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {composing && boards.data && (
        <ThreadForm
          open
          boards={boards.data.list}
          initial={{ ...(boardId ? { boardId } : {}) }}
          onCancel={() => setComposing(false)}
          onSubmit={async (d) => {
            const r = await forumApi.createThread(d);
            message.success(t('forum.posted'));
            setComposing(false);
            await qc.invalidateQueries({ queryKey: forumKeys.all });
            void navigate(`/plat/bbs/detail/${r.id}`);
          }}
        />
      )}
    </>
  );
}
