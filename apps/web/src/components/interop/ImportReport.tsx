import type { ImportReport, InteropMessage, ReportItem, ReportStatus } from '@pvforge/interop';
import { Alert, Button, Card, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramLang, wordsAt } from '../../lib/params';
import { fieldLabel } from '../device-editor/messages';
import { STATUSES, statusCounts } from './files';

/** wordInterop of the lazily loaded interop package. */
export type WordInterop = (m: InteropMessage, lang: 'zh-CN' | 'en') => string;

export const STATUS_COLOR: Record<ReportStatus, string> = {
  mapped: 'green',
  approximated: 'gold',
  refused: 'red',
  unused: 'default',
};

export const TOOL_NAME = { scaps: 'SCAPS-1D', simsalabim: 'SIMsalabim' } as const;

/** A report path (`layers[2].electrical.muNCm2PerVs`) as the editor's own form path (`layers.2.…`). */
const formPath = (p: string) => p.replace(/\[(\d+)\]/g, '.$1');

/**
 * Where a value went, in the editor's words (the layer's name and the registry's label), and its
 * value with the registry's unit.
 */
export function useItemWords(layerNames: readonly string[]) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () => ({
      target: (i: ReportItem) => {
        if (!i.path) return '';
        const label = fieldLabel(formPath(i.path), layerNames, t, lang);
        // a place the editor has no words for is not shown as its code path
        return label === formPath(i.path) ? t('interop.report.otherSetting') : label;
      },
      value: (i: ReportItem) => {
        if (i.value === undefined || i.value === null) return '';
        if (typeof i.value !== 'number') return String(i.value);
        const unit = i.path ? (wordsAt(formPath(i.path), paramLang(lang))?.unit ?? '') : '';
        return `${Number(i.value.toPrecision(6))}${unit ? ` ${unit}` : ''}`;
      },
    }),
    [layerNames, t, lang],
  );
}

/** The counts of each outcome, as coloured tags with what each means on hover. */
export function StatusCounts({ items, testid }: { items: readonly ReportItem[]; testid: string }) {
  const { t } = useTranslation();
  const n = statusCounts(items);
  return (
    <Space size={4} wrap data-testid={testid}>
      {STATUSES.map((s) => (
        <Tooltip key={s} title={t(`interop.report.statusTip.${s}`)}>
          <Tag color={STATUS_COLOR[s]} data-testid={`${testid}-${s}`} data-count={n[s]}>
            {t(`interop.report.status.${s}`)} {n[s]}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/**
 * A table of report items: the tool's name, file:line, the value as written, where it went and the
 * reason in the UI's language. Used for an import's report and an export's list.
 */
export function ReportTable({
  items,
  word,
  layerNames,
  testid,
  pageSize = 10,
  mode = 'import',
}: {
  items: readonly ReportItem[];
  word: WordInterop;
  layerNames: readonly string[];
  testid: string;
  pageSize?: number;
  /** An export's items are the device's own values: named by their place, with no file or line. */
  mode?: 'import' | 'export';
}) {
  const { t, i18n } = useTranslation();
  const ui = i18n.language === 'en' ? 'en' : 'zh-CN';
  const w = useItemWords(layerNames);
  // what changes the physics first (approximated, refused), then what was set aside, then the rest
  const rows = useMemo(
    () =>
      items
        .map((item, k) => ({ key: k, item }))
        .sort((a, b) => RANK[a.item.status] - RANK[b.item.status] || a.key - b.key),
    [items],
  );
  // a message naming a device path says it in the editor's words, never as the path itself
  const reason = (m: InteropMessage) => {
    const path = typeof m.params['path'] === 'string' ? m.params['path'] : undefined;
    if (!path) return word(m, ui);
    const place = w.target({ status: 'mapped', name: '', path });
    const field = typeof m.params['field'] === 'string' ? (place.split(' › ').pop() ?? place) : undefined;
    return word({ ...m, params: { ...m.params, path: place, ...(field ? { field } : {}) } }, ui);
  };
  const exported = mode === 'export';
  return (
    <Table
      size="small"
      data-testid={testid}
      dataSource={rows}
      scroll={{ x: true }}
      pagination={rows.length > pageSize ? { pageSize, size: 'small', showSizeChanger: false } : false}
      rowClassName={(r) => `interop-row-${r.item.status}`}
      columns={[
        {
          title: t('interop.report.col.status'),
          width: 90,
          render: (_, r) => (
            <Tag color={STATUS_COLOR[r.item.status]}>{t(`interop.report.status.${r.item.status}`)}</Tag>
          ),
        },
        ...(exported
          ? []
          : [
              { title: t('interop.report.col.name'), render: (_: unknown, r: Row) => r.item.name },
              {
                title: t('interop.report.col.source'),
                render: (_: unknown, r: Row) => (r.item.source ? `${r.item.source.file}:${r.item.source.line}` : ''),
              },
              { title: t('interop.report.col.raw'), render: (_: unknown, r: Row) => r.item.raw ?? '' },
            ]),
        {
          title: exported ? t('interop.report.col.field') : t('interop.report.col.target'),
          render: (_, r) => {
            const to = w.target(r.item);
            const v = w.value(r.item);
            return to ? `${to}${v ? ` = ${v}` : ''}` : t('interop.report.nowhere');
          },
        },
        {
          title: t('interop.report.col.reason'),
          render: (_, r) => (r.item.message ? reason(r.item.message) : ''),
        },
      ]}
    />
  );
}

type Row = { key: number; item: ReportItem };
const RANK: Record<ReportStatus, number> = { approximated: 0, refused: 1, unused: 2, mapped: 3 };

/** An import's report: the counts, the files read, the tool's notes and every item. */
export function ImportReportCard({
  report,
  warnings,
  word,
  layerNames,
  onClose,
}: {
  report: ImportReport;
  warnings: readonly InteropMessage[];
  word: WordInterop;
  layerNames: readonly string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ui = i18n.language === 'en' ? 'en' : 'zh-CN';
  const [attention, setAttention] = useState(true);
  const switchId = useId();
  const shown = useMemo(
    () => (attention ? report.items.filter((i) => i.status !== 'mapped') : report.items),
    [report.items, attention],
  );
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid="import-report"
      title={t('interop.report.title', {
        tool: TOOL_NAME[report.tool],
        version: report.version ? ` ${report.version}` : '',
      })}
      extra={
        <Button size="small" onClick={onClose} data-testid="import-report-close">
          {t('interop.report.close')}
        </Button>
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <StatusCounts items={report.items} testid="import-report-counts" />
        <Typography.Text type="secondary">
          {t('interop.report.files', { files: report.files.join(', ') })}
        </Typography.Text>
        {warnings.length > 0 && (
          <Alert
            type="info"
            showIcon
            title={t('interop.report.warnings')}
            data-testid="import-report-warnings"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {[...new Set(warnings.map((m) => word(m, ui)))].map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            }
          />
        )}
        <Space size={6}>
          <Switch
            id={switchId}
            size="small"
            checked={attention}
            onChange={setAttention}
            data-testid="import-report-attention"
          />
          <Typography.Text>
            <label htmlFor={switchId}>{t('interop.report.onlyOpen')}</label>
          </Typography.Text>
        </Space>
        <ReportTable items={shown} word={word} layerNames={layerNames} testid="import-report-table" />
      </Space>
    </Card>
  );
}
