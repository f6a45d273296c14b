import { CloseCircleOutlined } from '@ant-design/icons';
import type { CalcKind, JobStatus } from '@pvforge/contracts';
import { App, Button, type ButtonProps, Card, Empty, List, Progress, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { editorApi } from '../../../api/editor';
import { resultsApi } from '../../../api/results';
import { progressText } from '../../../live/progress-detail';
import { resultPath } from '../../../live/protocol';
import { useLiveEvent } from '../../../live/useLive';

export interface Run {
  id: number;
  kind: CalcKind;
  name: string;
  status: JobStatus;
  percent: number;
  detail?: string;
  reason?: string;
  /** A parameter sweep's record: its result page shows the key figures over its combinations. */
  sweep?: boolean;
}

const DONE: JobStatus[] = ['succeeded', 'failed', 'nonconvergent', 'cancelled'];
const POLL_MS = 2500;

/** What to tell a researcher when a run did not succeed: the reason and what to change. */
function explain(run: Run): 'nonconvergent' | 'failed' | 'timeout' | undefined {
  if (run.status === 'nonconvergent') return /time|minute|limit/i.test(run.reason ?? '') ? 'timeout' : 'nonconvergent';
  if (run.status === 'failed') return /time limit|timed out/i.test(run.reason ?? '') ? 'timeout' : 'failed';
  return undefined;
}

/**
 * The calculations submitted from this page: state, percent and the current bias point or
 * wavelength from the live connection (calcData is polled as well, so a missed message or a
 * dropped connection only delays the display), a cancel button with a 确定/取消 confirm, and the
 * link to the result view. The app-wide finish notification (live/LiveConnector) links to the
 * result when the user has gone elsewhere.
 */
export function RunPanel({ runs, update }: { runs: Run[]; update: (id: number, patch: Partial<Run>) => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const mine = (id: number) => runs.some((r) => r.id === id);

  useLiveEvent('fire', (e) => {
    if (mine(e.jobId)) update(e.jobId, { status: 'running' });
  });
  useLiveEvent('progress', (e) => {
    if (mine(e.jobId)) update(e.jobId, { status: 'running', percent: e.percent, detail: e.detail });
  });
  useLiveEvent('finish', (e) => {
    if (mine(e.jobId))
      update(e.jobId, {
        status: e.status ?? 'failed',
        ...(e.status === 'succeeded' ? { percent: 100 } : {}),
        ...(e.reason ? { reason: e.reason } : {}),
      });
  });

  const pending = runs.filter((r) => !DONE.includes(r.status)).map((r) => r.id);
  const pendingKey = pending.join(',');
  useEffect(() => {
    if (!pendingKey) return;
    const ids = pendingKey.split(',').map(Number);
    const timer = window.setInterval(() => {
      for (const id of ids)
        editorApi
          .record(id)
          .then((rec) =>
            update(id, {
              status: rec.status,
              percent: rec.status === 'succeeded' ? 100 : rec.progress,
              ...(rec.progress_detail ? { detail: rec.progress_detail } : {}),
              ...(rec.reason ? { reason: rec.reason } : {}),
            }),
          )
          .catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pendingKey, update]);

  // a sweep's own record has no progress of its own: how many of its calculations have ended
  const sweepKey = runs
    .filter((r) => r.sweep && !DONE.includes(r.status))
    .map((r) => r.id)
    .join(',');
  useEffect(() => {
    if (!sweepKey) return;
    const ids = sweepKey.split(',').map(Number);
    const timer = window.setInterval(() => {
      for (const id of ids)
        resultsApi
          .sweepChildren(id)
          .then(({ children }) => {
            const ended = children.filter((c) => !['queued', 'running'].includes(c.status)).length;
            if (children.length) update(id, { percent: (100 * ended) / children.length });
          })
          .catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [sweepKey, update]);

  const cancel = (run: Run) =>
    modal.confirm({
      title: t('editor.run.cancelConfirm', { id: run.id }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'cancel-confirm-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const { answer } = await editorApi.cancel(run.id);
          if (answer.code === '1000') {
            update(run.id, { status: 'cancelled' });
            message.success(t('editor.run.cancelDone', { id: run.id }));
          } else message.error(t('editor.run.cancelFailed', { msg: answer.msg }));
        } catch (e) {
          message.error(t('editor.run.cancelFailed', { msg: e instanceof Error ? e.message : String(e) }));
        }
      },
    });

  return (
    <Card title={t('editor.section.run')} size="small" style={{ marginBottom: 12 }} data-testid="run-panel">
      {runs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('editor.run.none')} />
      ) : (
        <List
          dataSource={runs}
          renderItem={(run) => {
            const done = DONE.includes(run.status);
            // a sweep's record is a result of its own (its heat map or curves and table), not a comparison
            const target = run.status !== 'succeeded' ? undefined : resultPath(run.kind, run.id);
            const why = explain(run);
            return (
              <List.Item data-testid={`run-${run.id}`} data-status={run.status}>
                <div style={{ width: '100%' }}>
                  <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
                    <span>
                      <Typography.Text strong>#{run.id}</Typography.Text> {run.name}{' '}
                      <Tag
                        color={
                          run.status === 'succeeded'
                            ? 'green'
                            : run.status === 'running'
                              ? 'blue'
                              : run.status === 'queued'
                                ? 'default'
                                : 'red'
                        }
                        data-testid={`run-status-${run.id}`}
                      >
                        {t(`editor.run.${run.status}`)}
                      </Tag>
                    </span>
                    <Space>
                      {!done && (
                        <Button
                          size="small"
                          danger
                          icon={<CloseCircleOutlined />}
                          onClick={() => cancel(run)}
                          data-testid={`run-cancel-${run.id}`}
                        >
                          {t('editor.run.cancel')}
                        </Button>
                      )}
                      {target && (
                        <Link to={target} data-testid={`run-result-${run.id}`}>
                          <Button size="small" type="primary">
                            {t('editor.run.viewResult')}
                          </Button>
                        </Link>
                      )}
                    </Space>
                  </Space>
                  {!done || run.status === 'succeeded' ? (
                    <Progress
                      percent={Math.round(run.percent)}
                      size="small"
                      status={run.status === 'succeeded' ? 'success' : 'active'}
                      aria-label={`#${run.id}`}
                      data-testid={`run-progress-${run.id}`}
                    />
                  ) : null}
                  {!done && run.detail && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`run-detail-${run.id}`}>
                      {t('editor.run.detail', { detail: progressText(run.detail, t) })}
                    </Typography.Text>
                  )}
                  {why && (
                    <Typography.Paragraph
                      type="danger"
                      style={{ fontSize: 12, marginBottom: 0 }}
                      data-testid={`run-explain-${run.id}`}
                    >
                      {run.reason ? `${run.reason} — ` : ''}
                      {t(`editor.run.explain.${why}`)}
                    </Typography.Paragraph>
                  )}
                </div>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
