import './editor.css';
import type { DeviceSpec } from '@pvforge/contracts';
import { Alert, Card, Col, Form, Row } from 'antd';
import { memo, type ReactNode, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createEditorStore, createStore, EditorContext, type EditorCtx, type Store } from './context';
import { BandView, StackView } from './Drawings';
import { lossesFollowDefects } from './defect-model';
import { TextField } from './fields';
import { LayerForm } from './LayerForm';
import { LayerList } from './LayerList';
import { issueLine, rangeIssueText, translateIssue } from './messages';
import {
  type CalcKindEditable,
  type checkedFields,
  contactsFollowLayers,
  type EditorState,
  type FieldIssue,
  formToSpec,
  type RangeIssue,
  rangeIssues,
  setAt,
  wavelengthFollowsLayers,
} from './model';
import { useTableSpans } from './OpticalEditor';
import { PreviewPanel } from './PreviewPanel';
import { ElectricalForm, IlluminationForm } from './SettingsForms';
import { type PreviewState, usePreview } from './usePreview';
import { deviceWarnings, warningText } from './warnings';

export interface DeviceEditorProps {
  kind: CalcKindEditable;
  state: EditorState;
  /** formToSpec(state, kind) and its checks (model.ts checkedFields), made once per edit by the page, which needs them too. */
  spec: DeviceSpec;
  checked: ReturnType<typeof checkedFields>;
  onChange: (s: EditorState) => void;
  selected: number;
  onSelect: (i: number) => void;
  /** Errors the server answered on submit (4105), by field. */
  serverIssues: FieldIssue[];
  disabled?: boolean;
  /** Shown under the drawings (the submit and progress card). */
  side?: ReactNode;
}

/**
 * The device editor (issue 8): the layer stack with its materials and parameters, media,
 * illumination and, for an electrical calculation, the electrical block; beside it the stack to
 * scale, the band alignment, the instant optical preview and whatever the page adds (`side`).
 * Field messages come from checkDeviceSpec (the same checks as the server) and the server's own
 * answer; the spec §5 guidance is shown as warnings on the fields.
 */
export function DeviceEditor(props: DeviceEditorProps) {
  const { kind, state, spec, checked, onChange, selected, onSelect, serverIssues, disabled, side } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // The preview computes the optics only: the electrical block does not change it. Its answers
  // re-render the editor, not the page around it.
  const opticalPart = useMemo(() => formToSpec(state, 'opt'), [state]);
  const preview = usePreview(opticalPart);
  const issues = useMemo(() => {
    const own = checked.errors;
    const seen = new Set(own.map((i) => `${i.path}|${i.message}`));
    return [...own, ...serverIssues.filter((i) => !seen.has(`${i.path}|${i.message}`))];
  }, [checked, serverIssues]);
  const spans = useTableSpans();
  // n,k tables that do not cover the wavelength range: refused before queuing, named in the form's words
  const ranges = useMemo(() => rangeIssues(state, spans, kind), [state, spans, kind]);
  const absorberJph = preview.result?.layers.filter((l) => l.role === 'absorber').reduce((s, l) => s + l.jphMaCm2, 0);
  const warnings = useMemo(
    () => deviceWarnings(spec.layers, kind === 'elec' ? spec.electrical : undefined, absorberJph, checked.warnings),
    [spec, kind, absorberJph, checked],
  );
  const ctx: EditorCtx = useMemo(() => {
    const errors = new Map<string, string[]>();
    for (const i of issues) errors.set(i.path, [...(errors.get(i.path) ?? []), translateIssue(i, t, lang)]);
    for (const r of ranges) errors.set(r.path, [...(errors.get(r.path) ?? []), rangeIssueText(r, t, lang)]);
    const warns = new Map<string, string[]>();
    for (const w of warnings) warns.set(w.path, [...(warns.get(w.path) ?? []), warningText(w, t, lang)]);
    // contacts left as suggested follow the layers next to them (model.ts suitedContacts)
    // and a wavelength range left as suggested follows the layers' n,k tables
    const set = (path: string, value: unknown) =>
      onChange(
        lossesFollowDefects(
          state,
          wavelengthFollowsLayers(state, contactsFollowLayers(state, setAt(state, path, value)), spans),
        ),
      );
    return { state, set, errors, warnings: warns, disabled };
  }, [state, onChange, issues, ranges, spans, warnings, disabled, t, lang]);
  // Fields read the context from a store and re-render when their own part of it changed: the
  // store takes this render's context at once (so that what mounts now reads it), and tells the
  // fields once the editor's own commit is done.
  const [store] = useState(() => createEditorStore(ctx));
  store.put(ctx);
  useLayoutEffect(() => store.notify());
  const [viewStore] = useState(() => createStore<EditorView | null>(null));
  viewStore.put({
    kind,
    layers: state.layers,
    contacts: state.electrical?.contacts,
    selected,
    onSelect,
    issues,
    ranges,
    warnings,
    preview,
    side,
  });
  useLayoutEffect(() => viewStore.notify());
  return (
    <EditorContext.Provider value={store}>
      <EditorForm view={viewStore} />
    </EditorContext.Provider>
  );
}

/** What the editor's layout shows beside the fields, from DeviceEditor's render. */
interface EditorView {
  kind: CalcKindEditable;
  layers: EditorState['layers'];
  contacts: NonNullable<EditorState['electrical']>['contacts'] | undefined;
  selected: number;
  onSelect: (i: number) => void;
  issues: FieldIssue[];
  ranges: RangeIssue[];
  warnings: ReturnType<typeof deviceWarnings>;
  preview: PreviewState;
  side: ReactNode;
}

/**
 * The antd Form, rendered once: its context value is a new object on every render of it (a merged
 * tooltip object), which re-renders every Form.Item under it, memoised fields or not. The layout
 * inside takes each edit from a store of its own (a context would have React search the whole
 * editor for its readers on every edit), which re-renders EditorLayout and not the Form.
 */
const EditorForm = memo(function EditorForm({ view }: { view: Store<EditorView | null> }) {
  return (
    <Form layout="vertical" component="div" className="device-editor" data-testid="device-editor">
      <EditorLayout store={view} />
    </Form>
  );
});

function EditorLayout({ store }: { store: Store<EditorView | null> }) {
  const view = useSyncExternalStore(store.subscribe, store.get);
  const { t } = useTranslation();
  if (!view) return null;
  const { kind, layers, contacts, selected, onSelect, issues, ranges, warnings, preview, side } = view;
  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        <Card title={t('editor.section.device')} size="small" style={{ marginBottom: 12 }}>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <TextField path="name" label={t('editor.field.name')} max={200} />
            </Col>
            <Col xs={24} md={12}>
              <TextField path="description" label={t('editor.field.description')} max={2000} />
            </Col>
          </Row>
        </Card>
        <Card title={t('editor.section.layers')} size="small" style={{ marginBottom: 12 }}>
          <Row gutter={16}>
            <Col xs={24} lg={9}>
              <LayerList selected={selected} onSelect={onSelect} kind={kind} />
            </Col>
            <Col xs={24} lg={15}>
              <LayerForm key={layers[selected]?.key} index={selected} kind={kind} />
            </Col>
          </Row>
        </Card>
        <Card title={t('editor.section.illumination')} size="small" style={{ marginBottom: 12 }}>
          <IlluminationForm mismatch={preview.result?.mismatch} />
        </Card>
        {kind === 'elec' && (
          <Card title={t('editor.section.electrical')} size="small" style={{ marginBottom: 12 }}>
            <ElectricalForm />
          </Card>
        )}
      </Col>
      <Col xs={24} xl={10}>
        <div className="dev-side">
          <EditorMessages issues={issues} ranges={ranges} warnings={warnings} layers={layers} />
          {side}
          <Card title={t('editor.section.drawing')} size="small" style={{ marginBottom: 12 }}>
            <Row gutter={8}>
              <Col xs={24}>
                <StackView layers={layers} selected={selected} onSelect={onSelect} />
              </Col>
              {kind === 'elec' && (
                <Col xs={24}>
                  <BandView layers={layers} contacts={contacts} />
                </Col>
              )}
            </Row>
          </Card>
          <Card title={t('editor.section.preview')} size="small" style={{ marginBottom: 12 }}>
            <PreviewPanel preview={preview} />
          </Card>
        </div>
      </Col>
    </Row>
  );
}

/** The errors and warnings of the device in a card, re-rendered only when they or the layers change. */
const EditorMessages = memo(function EditorMessages({
  issues,
  ranges,
  warnings,
  layers,
}: {
  issues: FieldIssue[];
  ranges: RangeIssue[];
  warnings: ReturnType<typeof deviceWarnings>;
  layers: EditorState['layers'];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const errorCount = issues.length + ranges.length;
  if (errorCount === 0 && warnings.length === 0) return null;
  const names = layers.map((l) => l.name);
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="editor-messages">
      {errorCount > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('editor.err.fieldCount', { count: errorCount })}
          data-testid="editor-errors"
          description={
            <ul className="dev-msg-list">
              {issues.slice(0, 12).map((i) => (
                <li key={`${i.path}|${i.message}`}>{issueLine(i, names, t, lang)}</li>
              ))}
              {ranges.map((r) => (
                <li key={r.path} data-testid="editor-range-error">
                  {rangeIssueText(r, t, lang)}
                </li>
              ))}
            </ul>
          }
          style={{ marginBottom: warnings.length ? 8 : 0 }}
        />
      )}
      {warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('editor.warn.title')}
          data-testid="editor-warnings"
          description={
            <ul className="dev-msg-list">
              {warnings.map((w) => (
                <li key={`${w.path}|${w.key}`} data-testid={`warning-${w.key}`}>
                  {w.verdict
                    ? issueLine({ path: w.path, message: '', verdict: w.verdict }, names, t, lang)
                    : warningText(w, t, lang)}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Card>
  );
});
