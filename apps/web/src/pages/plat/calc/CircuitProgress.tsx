import { type CalcKind, FINAL_STATUSES, type JobStatus } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { circuitApi } from '../../../api/circuit';
import { useLiveEvent } from '../../../live/useLive';

/** The result page of a calculation kind (spec §2: rsto, rste, rstc, rstc2). */
export function resultPath(kind: CalcKind, id: number): string {
  const page = { opt: 'rsto', elec: 'rste', circle: 'rstc', circle2: 'rstc2', fit: 'rstfit' }[kind];
  return `/plat/${page}/${id}`;
}

export interface FollowState {
  status: JobStatus;
  percent: number;
  detail: string | undefined;
  reason: string | undefined;
  /** The status is the server's word (a poll answered), not the page's guess before it. */
  confirmed?: boolean;
}

/**
 * Follows one calculation: live progress acts (apps/web/src/live) as they come, and the record
 * itself every few seconds in case the live connection is down or an act was missed.
 */
export function useCalcFollow(id: number | undefined): FollowState | undefined {
  const [state, setState] = useState<FollowState | undefined>(undefined);
  const finished = useRef(false);
  useEffect(() => {
    finished.current = false;
    setState(id === undefined ? undefined : { status: 'queued', percent: 0, detail: undefined, reason: undefined });
  }, [id]);
  useLiveEvent('progress', (p) => {
    if (p.jobId !== id || finished.current) return;
    setState((s) => ({
      status: 'running',
      percent: Math.max(s?.percent ?? 0, Math.round(p.percent)),
      detail: p.detail,
      reason: undefined,
    }));
  });
  useLiveEvent('fire', (f) => {
    if ((f.recordId ?? f.jobId) !== id || finished.current) return;
    setState((s) => ({ status: 'running', percent: s?.percent ?? 0, detail: s?.detail, reason: undefined }));
  });
  useLiveEvent('finish', (f) => {
    if ((f.recordId ?? f.jobId) !== id || !f.status) return;
    finished.current = FINAL_STATUSES.includes(f.status);
    setState((s) => ({
      status: f.status ?? 'failed',
      percent: f.status === 'succeeded' ? 100 : (s?.percent ?? 0),
      detail: undefined,
      reason: f.reason,
    }));
  });
  useEffect(() => {
    if (id === undefined) return;
    let stop = false;
    const poll = async () => {
      if (stop || finished.current) return;
      try {
        const { record } = await circuitApi.calcData(id);
        if (stop) return;
        const done = FINAL_STATUSES.includes(record.status);
        finished.current ||= done;
        setState((s) => ({
          status: record.status,
          percent: done && record.status === 'succeeded' ? 100 : Math.max(s?.percent ?? 0, record.progress),
          detail: record.progress_detail ?? s?.detail,
          reason: record.reason ?? undefined,
          confirmed: true,
        }));
      } catch {
        // the next poll tries again; live acts keep coming meanwhile
      }
      if (!stop && !finished.current) timer = setTimeout(poll, 3000);
    };
    let timer = setTimeout(poll, 1500);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [id]);
  return state;
}

/** The progress card shown after a submit; calls onDone once when the calculation succeeded. */
export function CalcProgressCard({
  id,
  kind,
  onDone,
  listPath,
}: {
  id: number;
  kind: CalcKind;
  onDone?: () => void;
  listPath: string;
}) {
  const { t } = useTranslation();
  const state = useCalcFollow(id);
  const called = useRef(false);
  const [cancelling, setCancelling] = useState(false);
  useEffect(() => {
    if (state?.status === 'succeeded' && !called.current) {
      called.current = true;
      onDone?.();
    }
  }, [state?.status, onDone]);
  if (!state) return null;
  const final = FINAL_STATUSES.includes(state.status);
  const text =
    state.status === 'queued'
      ? t('circuit.progress.queued')
      : state.status === 'running'
        ? t('circuit.progress.running', { percent: state.percent })
        : state.status === 'succeeded'
          ? t('circuit.progress.succeeded')
          : state.status === 'cancelled'
            ? t('circuit.progress.cancelled')
            : t('circuit.progress.failed', { reason: state.reason ?? t(`circuit.status.${state.status}`) });
  return (
    <Card title={t('circuit.progress.title')} className="form-card wide" data-testid="calc-progress">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Progress
          percent={state.percent}
          status={
            state.status === 'succeeded'
              ? 'success'
              : final
                ? 'exception'
                : state.status === 'running'
                  ? 'active'
                  : 'normal'
          }
          aria-label={t('circuit.progress.title')}
        />
        <Typography.Text data-testid="calc-progress-status" data-status={state.status}>
          {`#${id} · ${text}`}
        </Typography.Text>
        {state.status === 'queued' && state.confirmed && <QueueWait id={id} />}
        {state.detail && !final && (
          <Typography.Text type="secondary">{t('circuit.progress.detail', { detail: state.detail })}</Typography.Text>
        )}
        {final && state.status !== 'succeeded' && state.status !== 'cancelled' && (
          <Alert type="error" showIcon message={text} data-testid="calc-progress-error" />
        )}
        <Space wrap>
          {state.status === 'succeeded' && (
            <Link to={resultPath(kind, id)} data-testid="calc-progress-open">
              {t('circuit.progress.openResult')}
            </Link>
          )}
          <Link to={listPath} data-testid="calc-progress-list">
            {t('circuit.progress.toList')}
          </Link>
          {!final && (
            <Button
              size="small"
              loading={cancelling}
              data-testid="calc-progress-cancel"
              onClick={async () => {
                setCancelling(true);
                try {
                  await circuitApi.cancel(id);
                } catch {
                  // already finished: the next poll shows it
                }
                setCancelling(false);
              }}
            >
              {t('circuit.progress.cancel')}
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
}

/**
 * Why a queued calculation has not started (issue 29: a circuit fit sat at 0 % for four minutes
 * behind the same user's sweep, with nothing said): the user's own running calculations, each a
 * link, when they hold the user's share of the workers; else the server is busy with others'.
 */
function QueueWait({ id }: { id: number }) {
  const { t } = useTranslation();
  const running = useQuery({
    queryKey: ['ownRunning', id],
    queryFn: async () => {
      const body = { page: 1, size: 20, status: 'running' as const };
      const [device, circuit] = await Promise.all([circuitApi.list('device', body), circuitApi.list('circuit', body)]);
      return [...device.list, ...circuit.list].filter((r) => r.id !== id);
    },
    refetchInterval: 3000,
  });
  if (!running.data) return null;
  const list = running.data;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="calc-progress-wait"
      message={list.length ? t('circuit.progress.waitOwn', { n: list.length }) : t('circuit.progress.waitBusy')}
      description={
        list.length ? (
          <Space wrap size={[12, 4]}>
            {list.map((r) => (
              <Link key={r.id} to={resultPath(r.kind, r.id)}>{`#${r.id} ${r.name}`}</Link>
            ))}
          </Space>
        ) : undefined
      }
    />
  );
}
