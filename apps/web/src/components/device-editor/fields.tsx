import { QuestionCircleOutlined } from '@ant-design/icons';
import { Checkbox, Form, Input, Select, Space, Tooltip } from 'antd';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { choiceOfField, choiceWords, paramAt, paramLang, paramWords } from '../../lib/params';
import { fieldId, useEditorSelect, useEditorSet, useFieldMessages } from './context';
import { getAt } from './model';

/** The label of a field: text, unit and a "?" tooltip that says what it is. */
export function FieldLabel({ label, unit, tip }: { label: string; unit?: string; tip?: string }) {
  return (
    <span>
      {label}
      {unit ? <span className="dev-unit"> ({unit})</span> : null}
      {tip ? (
        <Tooltip title={tip}>
          <QuestionCircleOutlined className="dev-tip" aria-label={tip} tabIndex={0} style={{ marginLeft: 4 }} />
        </Tooltip>
      ) : null}
    </span>
  );
}

/** Errors first (red), else warnings (amber) of a path and its children named in `extra`. */
function useStatus(path: string, local?: string) {
  const { errors, warnings } = useFieldMessages(path);
  const err = [...(local ? [local] : []), ...(errors ?? [])];
  const warn = warnings ?? [];
  if (err.length) return { validateStatus: 'error' as const, help: err.join('; ') };
  if (warn.length) return { validateStatus: 'warning' as const, help: warn.join('; ') };
  return {};
}

export function Field({
  path,
  label,
  unit,
  tip,
  children,
  local,
  testid,
}: {
  path: string;
  label: string;
  unit?: string;
  tip?: string;
  children: ReactNode;
  local?: string;
  testid?: string;
}) {
  const status = useStatus(path, local);
  return (
    <Form.Item
      label={<FieldLabel label={label} unit={unit} tip={tip} />}
      htmlFor={fieldId(path)}
      {...status}
      data-testid={testid ?? `field-${path}`}
      className="dev-field"
    >
      {children}
    </Form.Item>
  );
}

/** A number as a researcher writes it: 2.2e18 rather than 2200000000000000000, 2e-7 rather than 2e-7 or 0.0000002. */
export function formatNumber(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return Number(v.toPrecision(15)).toExponential().replace('e+', 'e');
  return String(v);
}
const fmt = formatNumber;

/**
 * The label, unit, tip and whole-number rule of a number field: the registry's (lib/params.ts) when
 * it has an entry for the path, so the editor says what the material form, the server and the CLI
 * say; the caller's words only for fields the registry does not describe (a texture's roughness).
 * A caller's `note` (advice of this form, not of the parameter) follows the registry's tip.
 */
export function useFieldWords(
  path: string,
  own: {
    label?: string | undefined;
    unit?: string | undefined;
    tip?: string | undefined;
    integer?: boolean | undefined;
  },
  note?: string,
): { label: string; unit?: string; tip?: string; integer: boolean } {
  const { i18n } = useTranslation();
  // a list of numbers (bias points) is described by its items' entry
  const p = paramAt(path) ?? paramAt(`${path}[]`);
  if (!p)
    return {
      label: own.label ?? '',
      ...(own.unit ? { unit: own.unit } : {}),
      ...(own.tip || note ? { tip: [own.tip, note].filter(Boolean).join(' ') } : {}),
      integer: !!own.integer,
    };
  const w = paramWords(p, paramLang(i18n.language));
  return {
    label: w.label,
    ...(w.unit ? { unit: w.unit } : {}),
    tip: note ? `${w.tip} ${note}` : w.tip,
    integer: !!p.hard.integer || !!own.integer,
  };
}

/**
 * A number typed as text: decimals and scientific notation (1e18, 2.2E-7) are accepted; an empty
 * field is "not given" (undefined) unless `required`. The text stays as typed while it is being
 * edited; the state gets the number as soon as the text is one. Its words and limits come from the
 * parameter registry by `path` (useFieldWords); the registry's verdict on the value reaches the
 * field through the editor's errors and warnings (model.ts checkedFields).
 */
/** Memoised: the editor re-renders a form's containers, and a field whose props, value and messages are unchanged is skipped. */
export const NumField = memo(function NumField({
  path,
  label: ownLabel,
  unit: ownUnit,
  tip: ownTip,
  note,
  integer: ownInteger,
  placeholder,
  testid,
  emptyValue,
  computed,
}: {
  path: string;
  /** Only for fields the registry has no entry for. */
  label?: string;
  unit?: string;
  tip?: string;
  /** Advice of this form shown after the registry's tip. */
  note?: string;
  integer?: boolean;
  placeholder?: string;
  testid?: string;
  /** What an emptied field stores (default undefined: the field is left out). */
  emptyValue?: null;
  /**
   * The value shown in place of the input when the registry choice beside this field (choiceOfField)
   * is not its default: the computed number, read-only, or why there is none.
   */
  computed?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { label, unit, tip, integer } = useFieldWords(
    path,
    { label: ownLabel, unit: ownUnit, tip: ownTip, integer: ownInteger },
    note,
  );
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const value = useEditorSelect((c) => getAt(c.state, path));
  const [text, setText] = useState(fmt(value));
  const [bad, setBad] = useState<string | undefined>();
  useEffect(() => {
    // Outside changes (import, undo, material pick) replace the text unless it already means that number.
    setText((cur) => (cur.trim() !== '' && Number(cur) === value ? cur : fmt(value)));
    setBad(undefined);
  }, [value]);
  const onChange = (s: string) => {
    setText(s);
    const trimmed = s.trim();
    if (trimmed === '') {
      setBad(undefined);
      set(path, emptyValue === null ? null : undefined);
      return;
    }
    const n = Number(trimmed);
    if (!Number.isFinite(n) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) {
      setBad(t('editor.err.number'));
      return;
    }
    if (integer && !Number.isInteger(n)) {
      setBad(t('editor.err.integer'));
      return;
    }
    setBad(undefined);
    set(path, n);
  };
  // a registry choice beside the number (where its value comes from): the choice first, then the
  // input, or the computed value when the choice is not the default
  const beside = choiceOfField(path);
  const chosenValue = useEditorSelect((c) =>
    beside ? (getAt(c.state, beside.path) as string | undefined) : undefined,
  );
  const chosen = beside ? (chosenValue ?? beside.choice.defaultValue) : undefined;
  const words = beside ? choiceWords(beside.choice, paramLang(i18n.language)) : undefined;
  const numberField =
    beside && chosen !== beside.choice.defaultValue ? (
      <Field path={path} label={label} unit={unit} tip={tip} testid={testid}>
        <div data-testid={`computed-${path}`}>{computed}</div>
      </Field>
    ) : (
      <Field path={path} label={label} unit={unit} tip={tip} local={bad} testid={testid}>
        <Input
          id={fieldId(path)}
          value={text}
          inputMode="decimal"
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          suffix={unit ? <span className="dev-unit">{unit}</span> : undefined}
          data-testid={`input-${path}`}
        />
      </Field>
    );
  if (!beside || !words) return numberField;
  return (
    <>
      <SelectField
        path={beside.path}
        label={words.label}
        tip={words.tip}
        options={words.options}
        value={chosen}
        // the default is stored as absent, as a DeviceSpec without the field means it
        onChange={(v) => set(beside.path, v === beside.choice.defaultValue ? undefined : v)}
      />
      {numberField}
    </>
  );
});

export const TextField = memo(function TextField({
  path,
  label,
  tip,
  max,
}: {
  path: string;
  label: string;
  tip?: string;
  max?: number;
}) {
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const v = useEditorSelect((c) => getAt(c.state, path));
  return (
    <Field path={path} label={label} tip={tip}>
      <Input
        id={fieldId(path)}
        value={typeof v === 'string' ? v : ''}
        maxLength={max}
        disabled={disabled}
        onChange={(e) => set(path, e.target.value)}
        data-testid={`input-${path}`}
      />
    </Field>
  );
});

function SelectFieldOf<V extends string>({
  path,
  label,
  tip,
  options,
  value,
  onChange,
}: {
  path: string;
  label: string;
  tip?: string;
  options: { value: V; label: string }[];
  /** Defaults to the state at path. */
  value?: V;
  onChange?: (v: V) => void;
}) {
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const stored = useEditorSelect((c) => getAt(c.state, path) as V | undefined);
  const v = value ?? stored;
  return (
    <Field path={path} label={label} tip={tip}>
      <Select<V>
        id={fieldId(path)}
        value={v}
        options={options}
        disabled={disabled}
        onChange={(nv) => (onChange ? onChange(nv) : set(path, nv))}
        data-testid={`select-${path}`}
        style={{ width: '100%' }}
      />
    </Field>
  );
}

function CheckFieldOf({
  path,
  label,
  tip,
  checked,
  onChange,
  disabled: off,
}: {
  path: string;
  label: string;
  tip?: string;
  checked?: boolean;
  onChange?: (v: boolean) => void;
  disabled?: boolean;
}) {
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const stored = useEditorSelect((c) => getAt(c.state, path) === true);
  const v = checked ?? stored;
  const status = useStatus(path);
  return (
    <Form.Item {...status} className="dev-field" data-testid={`field-${path}`}>
      <Space size={4}>
        <Checkbox
          id={fieldId(path)}
          checked={v}
          disabled={disabled || off}
          onChange={(e) => (onChange ? onChange(e.target.checked) : set(path, e.target.checked))}
          data-testid={`check-${path}`}
        >
          {label}
        </Checkbox>
        {tip ? <FieldLabel label="" tip={tip} /> : null}
      </Space>
    </Form.Item>
  );
}

/**
 * A list of numbers typed as comma-separated text ("0.5, 0.8"): the state gets the numbers as soon
 * as every entry is one (an emptied field removes the list); until then the field says so.
 */
function NumberListFieldOf({
  path,
  label: ownLabel,
  unit: ownUnit,
  tip: ownTip,
  note,
  placeholder,
}: {
  path: string;
  /** Only for lists the registry has no entry for. */
  label?: string;
  unit?: string;
  tip?: string;
  /** Advice of this form shown after the registry's tip (how to type the list). */
  note?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const words = useFieldWords(path, { label: ownLabel, unit: ownUnit, tip: ownTip }, note);
  const { label, unit, tip } = words;
  const set = useEditorSet();
  const disabled = useEditorSelect((c) => c.disabled);
  const v = useEditorSelect((c) => getAt(c.state, path) as number[] | undefined);
  const [text, setText] = useState((v ?? []).map(fmt).join(', '));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    // Outside changes (import, preset) replace the text unless it already means that list.
    setText((cur) =>
      cur
        .split(',')
        .map((s) => Number(s.trim()))
        .join() === (v ?? []).join()
        ? cur
        : (v ?? []).map(fmt).join(', '),
    );
  }, [v]);
  return (
    <Field path={path} label={label} unit={unit} tip={tip} local={bad ? t('editor.err.number') : undefined}>
      <Input
        id={fieldId(path)}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        data-testid={`input-${path}`}
        onChange={(e) => {
          setText(e.target.value);
          const parts = e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          const nums = parts.map(Number);
          const ok = nums.every(Number.isFinite);
          setBad(!ok);
          if (ok) set(path, nums.length ? nums : undefined);
        }}
      />
    </Field>
  );
}

// memoised as NumField is; the casts keep SelectField generic
export const SelectField = memo(SelectFieldOf) as typeof SelectFieldOf;
export const CheckField = memo(CheckFieldOf);
export const NumberListField = memo(NumberListFieldOf);
