import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TransientElectricalSpec, TransientSegmentSpec } from '@pvforge/contracts';
import { Alert, Button, Col, Dropdown, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/duration';
import { useEditorSelect, useEditorSet } from './context';
import { CheckField, NumberListField, NumField, SelectField } from './fields';
import { moveLayer } from './model';
import {
  changeKind,
  DEFAULT_TRANSIENT_POINTS,
  hysteresisPreset,
  newSegment,
  photovoltagePreset,
  protocolEndVoltage,
  protocolSummary,
  SEGMENT_KINDS,
  type SegmentKind,
  segmentStartVoltages,
} from './transient-model';

const P = 'electrical.transient';

/** One segment of the protocol: its kind and the values that kind needs. */
function SegmentRow({ i, g, count, atV }: { i: number; g: TransientSegmentSpec; count: number; atV: number }) {
  const { t } = useTranslation();
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  // the electrical block alone: an edit of a layer does not re-render the protocol
  const state = { electrical: useEditorSelect((c) => c.state.electrical) };
  const list = (state.electrical?.transient?.segments ?? []) as TransientSegmentSpec[];
  const p = `${P}.segments.${i}`;
  const onOff = (v: 'on' | 'off' | 'keep') => (v === 'keep' ? undefined : v === 'on');
  return (
    <div className="dev-interface" data-testid={`segment-${i}`} data-kind={g.kind}>
      <Row gutter={8} align="bottom">
        <Col xs={24} md={6}>
          <SelectField<SegmentKind>
            path={`${p}.kind`}
            label={t('transient.protocol.segmentN', { n: i + 1 })}
            value={g.kind}
            options={SEGMENT_KINDS.map((k) => ({ value: k, label: t(`transient.kind.${k}`) }))}
            onChange={(k) => set(p, changeKind(g, k, atV))}
          />
        </Col>
        {g.kind === 'scan' && (
          <>
            <Col xs={12} md={6}>
              <NumField path={`${p}.toV`} note={t('transient.protocol.fromV', { from: atV })} />
            </Col>
            <Col xs={12} md={6}>
              <NumField
                path={`${p}.rateVPerS`}
                placeholder={
                  state.electrical?.transient?.rateVPerS !== undefined
                    ? String(state.electrical.transient.rateVPerS)
                    : undefined
                }
              />
            </Col>
          </>
        )}
        {g.kind !== 'scan' && (
          <Col xs={12} md={5}>
            <NumField path={`${p}.durationS`} />
          </Col>
        )}
        {g.kind === 'hold' && (
          <Col xs={12} md={7}>
            <NumField path={`${p}.voltageV`} placeholder={String(atV)} />
          </Col>
        )}
        {g.kind === 'light' && (
          <Col xs={12} md={7}>
            <SelectField<'on' | 'off'>
              path={`${p}.on`}
              label={t('transient.protocol.lightTo')}
              value={g.on ? 'on' : 'off'}
              options={[
                { value: 'on', label: t('transient.light.on') },
                { value: 'off', label: t('transient.light.off') },
              ]}
              onChange={(v) => set(`${p}.on`, v === 'on')}
            />
          </Col>
        )}
        {g.kind === 'open-circuit' && (
          <Col xs={12} md={7}>
            <SelectField<'on' | 'off' | 'keep'>
              path={`${p}.light`}
              label={t('transient.protocol.lightTo')}
              value={g.light === undefined ? 'keep' : g.light ? 'on' : 'off'}
              options={[
                { value: 'keep', label: t('transient.light.keep') },
                { value: 'on', label: t('transient.light.on') },
                { value: 'off', label: t('transient.light.off') },
              ]}
              onChange={(v) => set(`${p}.light`, onOff(v))}
            />
          </Col>
        )}
        <Col flex="none">
          <Space size={2} style={{ marginBottom: 24 }}>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={disabled || i === 0}
              aria-label={t('transient.protocol.up', { n: i + 1 })}
              onClick={() => set(`${P}.segments`, moveLayer(list, i, i - 1))}
              data-testid={`segment-up-${i}`}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={disabled || i === count - 1}
              aria-label={t('transient.protocol.down', { n: i + 1 })}
              onClick={() => set(`${P}.segments`, moveLayer(list, i, i + 1))}
              data-testid={`segment-down-${i}`}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={disabled || count === 1}
              aria-label={t('transient.protocol.remove', { n: i + 1 })}
              onClick={() =>
                set(
                  `${P}.segments`,
                  list.filter((_, j) => j !== i),
                )
              }
              data-testid={`segment-remove-${i}`}
            />
          </Space>
        </Col>
      </Row>
    </div>
  );
}

/**
 * The transient protocol (`electrical.transient`): where it starts (the steady state at the initial
 * voltage, ions equilibrated), the segments in order (scan, hold/precondition, light on/off, open
 * circuit) with add, remove and reorder, presets, the saved samples and the profile times; the
 * total time and the sample step are computed as the engine will.
 */
export function TransientForm() {
  const { t } = useTranslation();
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  // the electrical block alone: an edit of a layer does not re-render the protocol
  const state = { electrical: useEditorSelect((c) => c.state.electrical) };
  const tr = state.electrical?.transient as TransientElectricalSpec | undefined;
  const highV = state.electrical?.voltageSweep?.stopV;
  const preset = (spec: TransientElectricalSpec) => set(P, spec);
  const summary = protocolSummary(tr);
  const starts = tr ? segmentStartVoltages(tr) : [];
  const lastV = tr ? protocolEndVoltage(tr) : 0;
  return (
    <div data-testid="transient-form">
      <CheckField
        path={P}
        label={t('transient.protocol.enable')}
        tip={t('transient.protocol.enableTip')}
        checked={!!tr}
        onChange={(on) => set(P, on ? hysteresisPreset(highV && highV > 0 ? highV : 1.2) : undefined)}
      />
      {tr && (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text>{t('transient.preset.label')}</Typography.Text>
            <Button
              size="small"
              disabled={disabled}
              onClick={() => preset(hysteresisPreset(highV && highV > 0 ? highV : 1.2, tr.rateVPerS ?? 0.1))}
              data-testid="preset-hysteresis"
            >
              {t('transient.preset.hysteresis')}
            </Button>
            <Button
              size="small"
              disabled={disabled}
              onClick={() => preset(photovoltagePreset())}
              data-testid="preset-tpv"
            >
              {t('transient.preset.tpv')}
            </Button>
          </Space>
          <Row gutter={12}>
            <Col xs={12} md={8}>
              <NumField path={`${P}.initialV`} />
            </Col>
            <Col xs={12} md={8}>
              <SelectField<'on' | 'off' | 'keep'>
                path={`${P}.initialLight`}
                label={t('transient.protocol.initialLight')}
                value={tr.initialLight === undefined ? 'keep' : tr.initialLight ? 'on' : 'off'}
                options={[
                  { value: 'keep', label: t('transient.light.device') },
                  { value: 'on', label: t('transient.light.on') },
                  { value: 'off', label: t('transient.light.off') },
                ]}
                onChange={(v) => set(`${P}.initialLight`, v === 'keep' ? undefined : v === 'on')}
              />
            </Col>
            <Col xs={24} md={8}>
              <NumField path={`${P}.rateVPerS`} />
            </Col>
          </Row>
          {tr.segments.map((g, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments have no id; the index is the field path
            <SegmentRow key={i} i={i} g={g} count={tr.segments.length} atV={starts[i] ?? tr.initialV} />
          ))}
          <Dropdown
            disabled={disabled}
            menu={{
              items: SEGMENT_KINDS.map((k) => ({ key: k, label: t(`transient.kind.${k}`) })),
              onClick: ({ key }) => set(`${P}.segments`, [...tr.segments, newSegment(key as SegmentKind, lastV)]),
            }}
          >
            <Button icon={<PlusOutlined />} data-testid="segment-add" style={{ marginBottom: 12 }}>
              {t('transient.protocol.add')}
            </Button>
          </Dropdown>
          <Row gutter={12}>
            <Col xs={24} md={8}>
              <NumField
                path={`${P}.points`}
                note={t('transient.protocol.pointsNote')}
                placeholder={String(DEFAULT_TRANSIENT_POINTS)}
                integer
              />
            </Col>
            <Col xs={24} md={16}>
              <NumberListField path={`${P}.profileTimesS`} note={t('editor.el.commaList')} placeholder="0, 5, 17" />
            </Col>
          </Row>
          {summary ? (
            <Alert
              type="info"
              showIcon
              data-testid="transient-summary"
              title={t('transient.protocol.summary', {
                total: formatDuration(summary.totalS),
                points: summary.points,
                step: formatDuration(summary.stepS),
              })}
              description={
                <Space size={4} wrap>
                  {summary.spans.map((s, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one tag per segment, in order
                    <Tag key={i}>
                      {`${i + 1}. ${t(`transient.kind.${tr.segments[i]?.kind ?? 'hold'}`)} ${formatDuration(s.t0)}–${formatDuration(s.t1)}`}
                    </Tag>
                  ))}
                </Space>
              }
            />
          ) : (
            <Alert type="warning" showIcon title={t('transient.protocol.noSummary')} data-testid="transient-summary" />
          )}
        </>
      )}
    </div>
  );
}
