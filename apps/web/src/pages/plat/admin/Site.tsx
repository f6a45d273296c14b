import { ArrowDownOutlined, ArrowUpOutlined, UploadOutlined } from '@ant-design/icons';
import {
  INSTITUTION_KINDS,
  type Institution,
  type InstitutionKind,
  type Partner,
  SITE_LIMITS,
  type SiteContact,
} from '@pvforge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Table, Tabs, Typography, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteApi, siteKeys } from '../../../api/site';
import { PageHeader } from '../../../components/PageHeader';

const WEBSITE = /^(https?:\/\/[^\s<>"]+)?$/;
const EMAIL = /^([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)?$/;
const PHONE = /^[0-9+()\- ]*$/;

/** The list with item `i` moved by `by` places (reorder sends the whole order). */
function moved(ids: number[], i: number, by: -1 | 1): number[] {
  const out = [...ids];
  const j = i + by;
  if (j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

function useRun() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await work();
      message.success(done);
      return true;
    } catch (e) {
      message.error(t('site.failed', { msg: e instanceof Error ? e.message : String(e) }));
      return false;
    }
  };
}

type NamedForm = { nameZh: string; nameEn?: string; website?: string; kind?: InstitutionKind };

/** The add/edit dialog shared by institutions (with a kind) and partners. */
function ItemDialog({
  title,
  initial,
  withKind,
  onSave,
  onClose,
}: {
  title: string;
  initial: NamedForm;
  withKind: boolean;
  onSave: (v: NamedForm) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NamedForm>();
  const [busy, setBusy] = useState(false);
  const name: Rule[] = [
    { required: true, whitespace: true, message: t('site.nameZhRequired') },
    { max: SITE_LIMITS.nameMaxChars },
  ];
  return (
    <Modal
      open
      title={title}
      okText={t('site.save')}
      cancelText={t('site.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ id: 'site-item-save' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={async (v) => {
          setBusy(true);
          if (await onSave(v)) onClose();
          setBusy(false);
        }}
      >
        <Form.Item name="nameZh" label={t('site.colNameZh')} rules={name}>
          <Input data-testid="site-item-name-zh" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('site.colNameEn')} rules={[{ max: SITE_LIMITS.nameMaxChars }]}>
          <Input data-testid="site-item-name-en" />
        </Form.Item>
        {withKind && (
          <Form.Item name="kind" label={t('site.colKind')} rules={[{ required: true }]}>
            <Select
              data-testid="site-item-kind"
              options={INSTITUTION_KINDS.map((k) => ({ value: k, label: t(`site.kind.${k}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="website"
          label={t('site.colWebsite')}
          rules={[{ max: SITE_LIMITS.websiteMaxChars }, { pattern: WEBSITE, message: t('site.websiteInvalid') }]}
        >
          <Input placeholder="https://" data-testid="site-item-website" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Institutions() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const run = useRun();
  const q = useQuery({ queryKey: siteKeys.institutions, queryFn: siteApi.institutions });
  const [editing, setEditing] = useState<Institution | 'new' | null>(null);
  const list = q.data?.list ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey: siteKeys.institutions });
  const ids = list.map((i) => i.id);
  const reorder = async (next: number[]) => {
    await run(() => siteApi.reorderInstitutions(next), t('site.saved'));
    await refresh();
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('site.institutionsHelp')}</Typography.Paragraph>
      <Button
        type="primary"
        onClick={() => setEditing('new')}
        data-testid="institution-add"
        style={{ marginBottom: 12 }}
      >
        {t('site.add')}
      </Button>
      <Table<Institution>
        rowKey="id"
        loading={q.isPending}
        dataSource={list}
        pagination={false}
        data-testid="institution-table"
        columns={[
          { title: t('site.colNameZh'), dataIndex: 'nameZh' },
          { title: t('site.colNameEn'), dataIndex: 'nameEn' },
          { title: t('site.colKind'), dataIndex: 'kind', render: (k: InstitutionKind) => t(`site.kind.${k}`) },
          {
            title: t('site.colWebsite'),
            dataIndex: 'website',
            render: (w: string) =>
              w ? (
                <a href={w} target="_blank" rel="noopener noreferrer">
                  {w}
                </a>
              ) : null,
          },
          {
            title: t('site.colActions'),
            key: 'actions',
            render: (_, r, i) => (
              <Space size="small" wrap>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('site.up')}
                  disabled={i === 0}
                  onClick={() => reorder(moved(ids, i, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('site.down')}
                  disabled={i === ids.length - 1}
                  onClick={() => reorder(moved(ids, i, 1))}
                />
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('site.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: t('site.confirmDelete', {
                        name: i18n.language === 'en' && r.nameEn ? r.nameEn : r.nameZh,
                      }),
                      okText: t('common.ok'),
                      cancelText: t('site.cancel'),
                      onOk: async () => {
                        await run(() => siteApi.deleteInstitution(r.id), t('site.deleted'));
                        await refresh();
                      },
                    })
                  }
                >
                  {t('site.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <ItemDialog
          title={editing === 'new' ? t('site.add') : t('site.edit')}
          withKind
          initial={editing === 'new' ? { nameZh: '', kind: 'university' } : editing}
          onClose={() => setEditing(null)}
          onSave={async (v) => {
            const ok = await run(
              () =>
                siteApi.saveInstitution({
                  ...(editing === 'new' ? {} : { id: editing.id }),
                  nameZh: v.nameZh,
                  nameEn: v.nameEn ?? '',
                  kind: v.kind ?? 'other',
                  website: v.website ?? '',
                }),
              t('site.saved'),
            );
            await refresh();
            return ok;
          }}
        />
      )}
    </>
  );
}

function Partners() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const run = useRun();
  const q = useQuery({ queryKey: siteKeys.partners, queryFn: siteApi.partners });
  const [editing, setEditing] = useState<Partner | 'new' | null>(null);
  const list = q.data?.list ?? [];
  const ids = list.map((p) => p.id);
  const refresh = () => qc.invalidateQueries({ queryKey: siteKeys.partners });
  const reorder = async (next: number[]) => {
    await run(() => siteApi.reorderPartners(next), t('site.saved'));
    await refresh();
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('site.partnersHelp')}</Typography.Paragraph>
      <Button type="primary" onClick={() => setEditing('new')} data-testid="partner-add" style={{ marginBottom: 12 }}>
        {t('site.add')}
      </Button>
      <Table<Partner>
        rowKey="id"
        loading={q.isPending}
        dataSource={list}
        pagination={false}
        data-testid="partner-table"
        columns={[
          {
            title: t('site.colLogo'),
            dataIndex: 'logoUrl',
            render: (url: string | null, r) =>
              url ? (
                <img src={url} alt={r.nameZh} style={{ maxHeight: 40, maxWidth: 140 }} />
              ) : (
                <Typography.Text type="secondary">{t('site.noLogo')}</Typography.Text>
              ),
          },
          { title: t('site.colNameZh'), dataIndex: 'nameZh' },
          { title: t('site.colNameEn'), dataIndex: 'nameEn' },
          { title: t('site.colWebsite'), dataIndex: 'website' },
          {
            title: t('site.colActions'),
            key: 'actions',
            render: (_, r, i) => (
              <Space size="small" wrap>
                <Upload
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void run(() => siteApi.uploadLogo(r.id, file), t('site.logoUploaded')).then(refresh);
                    return false;
                  }}
                >
                  <Button size="small" icon={<UploadOutlined />} data-testid={`partner-logo-${r.id}`}>
                    {t('site.uploadLogo')}
                  </Button>
                </Upload>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('site.up')}
                  disabled={i === 0}
                  onClick={() => reorder(moved(ids, i, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('site.down')}
                  disabled={i === ids.length - 1}
                  onClick={() => reorder(moved(ids, i, 1))}
                />
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('site.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: t('site.confirmDelete', {
                        name: i18n.language === 'en' && r.nameEn ? r.nameEn : r.nameZh,
                      }),
                      okText: t('common.ok'),
                      cancelText: t('site.cancel'),
                      onOk: async () => {
                        await run(() => siteApi.deletePartner(r.id), t('site.deleted'));
                        await refresh();
                      },
                    })
                  }
                >
                  {t('site.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('site.logoHelp', { kb: SITE_LIMITS.logoMaxBytes / 1024, px: SITE_LIMITS.logoMaxSidePx })}
      </Typography.Paragraph>
      {editing && (
        <ItemDialog
          title={editing === 'new' ? t('site.add') : t('site.edit')}
          withKind={false}
          initial={editing === 'new' ? { nameZh: '' } : editing}
          onClose={() => setEditing(null)}
          onSave={async (v) => {
            const ok = await run(
              () =>
                siteApi.savePartner({
                  ...(editing === 'new' ? {} : { id: editing.id }),
                  nameZh: v.nameZh,
                  nameEn: v.nameEn ?? '',
                  website: v.website ?? '',
                }),
              t('site.saved'),
            );
            await refresh();
            return ok;
          }}
        />
      )}
    </>
  );
}

const CONTACT_FIELDS: { name: keyof SiteContact; max: number; rule?: Rule }[] = [
  { name: 'email', max: SITE_LIMITS.contactEmailMaxChars },
  { name: 'phone', max: SITE_LIMITS.contactPhoneMaxChars },
  { name: 'addressZh', max: SITE_LIMITS.contactAddressMaxChars },
  { name: 'addressEn', max: SITE_LIMITS.contactAddressMaxChars },
  { name: 'hoursZh', max: SITE_LIMITS.contactHoursMaxChars },
  { name: 'hoursEn', max: SITE_LIMITS.contactHoursMaxChars },
];

function Contact() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const run = useRun();
  const [form] = Form.useForm<SiteContact>();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: siteKeys.contact, queryFn: siteApi.contact });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const extra: Partial<Record<keyof SiteContact, Rule>> = {
    email: { pattern: EMAIL, message: t('site.emailInvalid') },
    phone: { pattern: PHONE, message: t('site.phoneInvalid') },
  };
  if (q.isError) return <Alert type="error" showIcon title={t('common.loadFailed', { msg: q.error.message })} />;
  return (
    <Form
      form={form}
      layout="vertical"
      name="site-contact"
      style={{ maxWidth: 560 }}
      onFinish={async (v) => {
        setBusy(true);
        const clean = Object.fromEntries(
          CONTACT_FIELDS.map((f) => [f.name, (v[f.name] ?? '').trim()]),
        ) as unknown as SiteContact;
        await run(async () => qc.setQueryData(siteKeys.contact, await siteApi.setContact(clean)), t('site.saved'));
        setBusy(false);
      }}
    >
      <Typography.Paragraph type="secondary">{t('site.contactHelp')}</Typography.Paragraph>
      {CONTACT_FIELDS.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={t(`site.${f.name}`)}
          rules={[{ max: f.max }, ...(extra[f.name] ? [extra[f.name]!] : [])]}
        >
          <Input data-testid={`contact-${f.name}`} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="contact-save">
        {t('site.save')}
      </Button>
    </Form>
  );
}

/** manage/site (administrators): institutions, partner logos and the contact fields. */
export default function Site() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('site.page')} />
      <Card>
        <Tabs
          items={[
            { key: 'institutions', label: t('site.institutions'), children: <Institutions /> },
            { key: 'partners', label: t('site.partners'), children: <Partners /> },
            { key: 'contact', label: t('site.contact'), children: <Contact /> },
          ]}
        />
      </Card>
    </>
  );
}
