import { PlusOutlined } from '@ant-design/icons';
import type { NewsItem } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/endpoints';
import { type ManagedNews, noticeApi } from '../../../api/notices';
import { useRole } from '../../../api/queries';
import { useManageActions } from '../../../components/notices/useManageActions';
import { PageHeader } from '../../../components/PageHeader';
import { CitationDialog } from '../../public/CitationDialog';

type Draft = Omit<NewsItem, 'id'>;

/** news (in the platform): news and achievements with the citation instructions; administrators publish, edit, withdraw. */
export default function PlatNews() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { isAdmin } = useRole();
  const [page, setPage] = useState(1);
  const [cite, setCite] = useState(false);
  const [editing, setEditing] = useState<ManagedNews | 'new' | null>(null);
  const [form] = Form.useForm<Draft>();
  const en = i18n.language === 'en';
  const q = useQuery({
    queryKey: ['plat-news', isAdmin, page],
    queryFn: async (): Promise<{ list: ManagedNews[]; total: number }> => {
      if (isAdmin) return noticeApi.newsManage(page, 10);
      const r = await api.newsList(page, 10);
      return { list: r.list.map((n) => ({ ...n, withdrawn: false })), total: r.total };
    },
    placeholderData: keepPreviousData,
  });
  const fail = (e: unknown) => message.error(t('notice.failed', { msg: e instanceof Error ? e.message : String(e) }));
  const refresh = () => qc.invalidateQueries({ queryKey: ['plat-news'] });
  const manageActions = useManageActions(fail);
  const edit = (n: ManagedNews | 'new') => {
    const {
      id: _id,
      withdrawn: _w,
      ...rest
    } = n === 'new'
      ? {
          id: 0,
          withdrawn: false,
          kind: 'news' as const,
          title_zh: '',
          title_en: '',
          summary_zh: '',
          summary_en: '',
          body_zh: '',
          body_en: '',
          published_at: new Date().toISOString().slice(0, 10),
        }
      : n;
    form.setFieldsValue(rest);
    setEditing(n);
  };
  const save = async () => {
    const v = await form.validateFields();
    try {
      await noticeApi.newsSave({ ...v, ...(editing && editing !== 'new' ? { id: editing.id } : {}) });
      message.success(t('notice.saved'));
      setEditing(null);
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  return (
    <>
      <PageHeader
        title={t('page.news')}
        subtitle={t('notice.news.subtitle')}
        extra={
          <Space>
            <Button onClick={() => setCite(true)} data-testid="plat-news-cite">
              {t('notice.news.cite')}
            </Button>
            {isAdmin && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => edit('new')} data-testid="news-new">
                {t('notice.news.add')}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <List<ManagedNews>
          loading={q.isFetching}
          dataSource={q.data?.list ?? []}
          data-testid="plat-news-list"
          locale={{ emptyText: t('notice.news.empty') }}
          pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
          renderItem={(n) => (
            <List.Item
              actions={
                isAdmin
                  ? manageActions(
                      n.withdrawn,
                      () => edit(n),
                      async () => {
                        await noticeApi.newsWithdraw(n.id);
                        await refresh();
                      },
                    )
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space>
                    <Tag color={n.kind === 'achievement' ? 'gold' : 'blue'}>
                      {n.kind === 'achievement' ? t('notice.news.kindAchievement') : t('notice.news.kindNews')}
                    </Tag>
                    <Typography.Text strong>{en ? n.title_en : n.title_zh}</Typography.Text>
                    {n.withdrawn && <Tag>{t('notice.withdrawn')}</Tag>}
                  </Space>
                }
                description={
                  <>
                    <Typography.Text type="secondary">{n.published_at}</Typography.Text>
                    <Typography.Paragraph style={{ marginBottom: 0 }}>
                      {en ? n.summary_en : n.summary_zh}
                    </Typography.Paragraph>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <CitationDialog open={cite} onClose={() => setCite(false)} />
      <Modal
        open={editing !== null}
        forceRender
        width={760}
        title={editing === 'new' ? t('notice.news.add') : t('notice.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText={t('notice.save')}
        cancelText={t('notice.cancel')}
      >
        <Form form={form} layout="vertical">
          <Space wrap>
            <Form.Item name="kind" label={t('notice.news.kind')} rules={[{ required: true }]}>
              <Select
                style={{ width: 160 }}
                options={[
                  { value: 'news', label: t('notice.news.kindNews') },
                  { value: 'achievement', label: t('notice.news.kindAchievement') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="published_at"
              label={t('notice.news.date')}
              rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('notice.news.dateBad') }]}
            >
              <Input style={{ width: 160 }} />
            </Form.Item>
          </Space>
          {(['title', 'summary', 'body'] as const).flatMap((f) =>
            (['zh', 'en'] as const).map((l) => (
              <Form.Item
                key={`${f}_${l}`}
                name={`${f}_${l}`}
                label={t(`notice.news.${f}${l === 'zh' ? 'Zh' : 'En'}`)}
                rules={f === 'title' ? [{ required: true, whitespace: true }] : []}
              >
                {f === 'title' ? <Input maxLength={200} /> : <Input.TextArea rows={f === 'body' ? 5 : 2} />}
              </Form.Item>
            )),
          )}
        </Form>
      </Modal>
    </>
  );
}
