/**
 * The "calculation finished" notices (issue 29): bottom right, clear of the header's language
 * switch, bell and user menu; several in a row gathered into one notice that lists them ("3 个计算
 * 已结束", each with its link); and, with the platform open in several tabs (each has its own live
 * connection and hears every finish), shown in one tab only.
 */
import type { CalcKind, JobStatus } from '@pvforge/contracts';
import { type App, Button, List, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { CalcFinish } from './events';
import { resultPath } from './protocol';

type Notify = ReturnType<typeof App.useApp>['notification'];

export type FinishItem = {
  jobId: number;
  kind: CalcKind | undefined;
  recordId: number | undefined;
  status: JobStatus | undefined;
  reason: string | undefined;
};

const KEY = 'calc-finished';
/** How long a tab holds its claim on a finish: any other tab hearing it meanwhile stays silent. */
const CLAIM_MS = 10 * 60_000;
/** A tab leaves the one whose notice is open (or a hidden tab a visible one) this long to claim first. */
const HIDDEN_DELAY_MS = 400;

/** Held by the tab whose finish notice is open, so that the next finish joins that notice. */
const OPEN_LOCK = 'pvforge-finish-open';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether this tab is the one to show the finish of `jobId`: the first tab to ask holds a Web Lock
 * named for it (atomic across the tabs of this site) and the others are told no. The tab whose
 * notice is open asks at once (the finish joins its list), the others a moment later, a hidden
 * tab later still. Without Web Locks (a page served over plain http from a non-local address)
 * every tab shows it.
 */
export async function claimFinish(jobId: number, showing: boolean): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!showing) {
    const open = locks ? (await locks.query()).held?.some((l) => l.name === OPEN_LOCK) : false;
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    const wait = (open ? HIDDEN_DELAY_MS : 0) + (hidden ? HIDDEN_DELAY_MS : 0);
    if (wait) await sleep(wait);
  }
  if (!locks) return true;
  return new Promise<boolean>((answer) => {
    void locks.request(`pvforge-finish-${jobId}`, { ifAvailable: true }, async (lock) => {
      answer(lock !== null);
      if (lock) await sleep(CLAIM_MS);
    });
  });
}

/** A finish that succeeded, a fit that stopped at its budget (its best point is a result), or neither. */
export function finishOutcome(f: Pick<FinishItem, 'kind' | 'status'>): 'ok' | 'stopped' | 'failed' {
  if (f.status === 'succeeded') return 'ok';
  return f.kind === 'fit' && f.status === 'nonconvergent' ? 'stopped' : 'failed';
}

/** The words of one finished calculation: its title and, when it did not succeed, why. */
export function finishWords(f: FinishItem, t: TFunction): { title: string; reason?: string } {
  const kind = t(`live.kind.${f.kind ?? 'unknown'}`);
  const outcome = finishOutcome(f);
  if (outcome === 'ok') return { title: t('live.calcDone', { kind, id: f.jobId }) };
  return {
    title: t('live.calcFailed', { kind, id: f.jobId }),
    reason: outcome === 'stopped' ? t('fit.live.stopped') : (f.reason ?? t(`live.status.${statusKey(f.status)}`)),
  };
}

function statusKey(s: JobStatus | undefined): string {
  return s === 'failed' || s === 'nonconvergent' || s === 'cancelled' ? s : 'failed';
}

/**
 * The finish notices of one tab: `add` shows a finish the tab has claimed, alone or, while an
 * earlier notice is still open, gathered with it into one list.
 */
export class FinishNotices {
  private open: FinishItem[] = [];
  /** Ends this tab's hold of OPEN_LOCK (while its notice is open). */
  private release: (() => void) | undefined;

  constructor(private readonly ui: () => { t: TFunction; notification: Notify; navigate: (to: string) => unknown }) {}

  async heard(f: CalcFinish): Promise<void> {
    if (!(await claimFinish(f.jobId, this.open.length > 0))) return;
    this.add({ jobId: f.jobId, kind: f.kind, recordId: f.recordId, status: f.status, reason: f.reason });
  }

  add(item: FinishItem): void {
    this.open = [...this.open.filter((x) => x.jobId !== item.jobId), item];
    this.hold();
    this.show();
  }

  /** Marks this tab as the one showing finishes, for the other tabs' claims (claimFinish). */
  private hold(): void {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (this.release || !locks) return;
    const held = new Promise<void>((r) => {
      this.release = r;
    });
    void locks.request(OPEN_LOCK, { ifAvailable: true }, (lock) => (lock ? held : undefined));
  }

  private closed(): void {
    this.open = [];
    this.release?.();
    this.release = undefined;
  }

  private show(): void {
    const { t, notification: n, navigate } = this.ui();
    const items = this.open;
    const failed = items.filter((x) => finishOutcome(x) === 'failed').length;
    const stopped = items.filter((x) => finishOutcome(x) === 'stopped').length;
    const go = (to: string) => {
      n.destroy(KEY);
      this.closed();
      void navigate(to);
    };
    const target = (x: FinishItem) =>
      finishOutcome(x) !== 'failed' && x.kind && x.recordId !== undefined ? resultPath(x.kind, x.recordId) : undefined;
    const common = {
      key: KEY,
      placement: 'bottomRight' as const,
      // one that did not succeed stays until read; successes leave by themselves
      duration: failed + stopped > 0 ? 0 : 8,
      onClose: () => this.closed(),
      props: { 'data-testid': 'live-finish' },
    };
    const notify = failed ? n.error : stopped ? n.warning : n.success;
    if (items.length === 1) {
      const x = items[0]!;
      const w = finishWords(x, t);
      const to = target(x);
      notify({
        ...common,
        title: w.title,
        description: w.reason,
        actions: to ? (
          <Button size="small" type="primary" onClick={() => go(to)} data-testid="live-finish-open">
            {t('live.viewResult')}
          </Button>
        ) : undefined,
      });
      return;
    }
    notify({
      ...common,
      title: t('live.calcGroup', { count: items.length }),
      description: (
        <List
          size="small"
          data-testid="live-finish-list"
          style={{ maxHeight: 240, overflowY: 'auto' }}
          dataSource={items}
          renderItem={(x) => {
            const w = finishWords(x, t);
            const to = target(x);
            return (
              <List.Item
                style={{ paddingInline: 0 }}
                actions={
                  to
                    ? [
                        <Button key="open" size="small" type="link" onClick={() => go(to)}>
                          {t('live.viewResult')}
                        </Button>,
                      ]
                    : undefined
                }
              >
                <List.Item.Meta
                  title={
                    <Typography.Text type={finishOutcome(x) === 'ok' ? undefined : 'danger'}>{w.title}</Typography.Text>
                  }
                  description={w.reason}
                />
              </List.Item>
            );
          }}
        />
      ),
    });
  }
}
