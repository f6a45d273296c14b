import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { siteApi, siteKeys } from '../api/site';

/**
 * The "institution" (enterprise) field of registration and the profile: free text as spec §3 has
 * it, with the administrators' institution list offered as suggestions while typing.
 */
export function InstitutionInput({
  value,
  onChange,
  ...input
}: { value?: string; onChange?: (v: string) => void } & Omit<InputProps, 'value' | 'onChange'>) {
  const { i18n } = useTranslation();
  const q = useQuery({ queryKey: siteKeys.institutions, queryFn: siteApi.institutions, staleTime: 5 * 60_000 });
  const typed = (value ?? '').trim().toLowerCase();
  const names = new Set<string>();
  for (const i of q.data?.list ?? []) {
    names.add(i.nameZh);
    if (i18n.language === 'en' && i.nameEn) names.add(i.nameEn);
  }
  const options = [...names]
    .filter((n) => !typed || n.toLowerCase().includes(typed))
    .slice(0, 20)
    .map((n) => ({ value: n }));
  return (
    <AutoComplete value={value ?? ''} onChange={(v) => onChange?.(v)} options={options}>
      <Input {...input} />
    </AutoComplete>
  );
}
