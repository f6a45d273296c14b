import { doiUrl, MAX_DEVICE_NOTES, MAX_DEVICE_REFERENCES } from '@pvforge/contracts';
import { Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { splitDois } from '../../lib/library';

/** The form values these fields add to a device form: DOIs as typed (one a line) and notes. */
export interface ReferenceValues {
  references?: string;
  notes?: string;
}

/** The body fields of /sys/device/save and /sys/device/update from the form values. */
export function referenceBody(v: ReferenceValues): { references: string[]; notes: string } {
  return { references: splitDois(v.references).dois, notes: v.notes?.trim() ?? '' };
}

/**
 * The references (DOIs) and notes of a device, in the save and edit dialogs: a DOI that is not one
 * is named as it is typed, before anything is sent.
 */
export function ReferenceFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="references"
        label={t('library.refs.label')}
        extra={t('library.refs.hint')}
        rules={[
          {
            validator: (_, v: string | undefined) => {
              const r = splitDois(v);
              if (r.bad !== undefined) return Promise.reject(new Error(t('library.refs.bad', { doi: r.bad })));
              if (r.tooMany)
                return Promise.reject(new Error(t('library.refs.tooMany', { max: MAX_DEVICE_REFERENCES })));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea rows={2} placeholder="10.1039/C8EE01576G" data-testid="device-references" />
      </Form.Item>
      <Form.Item
        name="notes"
        label={t('library.refs.notes')}
        rules={[{ max: MAX_DEVICE_NOTES, message: t('library.refs.notesMax', { max: MAX_DEVICE_NOTES }) }]}
      >
        <Input.TextArea rows={3} placeholder={t('library.refs.notesPh')} data-testid="device-notes" />
      </Form.Item>
    </>
  );
}

/**
 * A device's citation, unless it only repeats its description (an example names its sources in
 * its description and was stored with it as citation): the references column shows no repeat.
 */
export function ownCitation(d: { citation?: string | undefined; description?: string | undefined }) {
  return d.citation && d.citation.trim() !== (d.description ?? '').trim() ? d.citation : undefined;
}

/** A device's DOIs as links to the doi.org resolver; the free-text citation when it has none. */
export function DeviceReferences({
  references,
  citation,
  empty = '-',
  ellipsis = false,
}: {
  references: readonly string[] | undefined;
  citation?: string | undefined;
  empty?: string;
  ellipsis?: boolean;
}) {
  if (references?.length)
    return (
      <Space orientation="vertical" size={0} data-testid="device-references-list">
        {references.map((doi) => (
          <Typography.Link
            key={doi}
            href={doiUrl(doi)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="device-doi"
            ellipsis={ellipsis}
            style={ellipsis ? { maxWidth: '100%' } : { wordBreak: 'break-all' }}
          >
            doi:{doi}
          </Typography.Link>
        ))}
      </Space>
    );
  if (citation)
    return ellipsis ? (
      <Typography.Text ellipsis={{ tooltip: citation }} style={{ maxWidth: '100%' }}>
        {citation}
      </Typography.Text>
    ) : (
      <span style={{ whiteSpace: 'pre-wrap' }}>{citation}</span>
    );
  return <>{empty}</>;
}
