import type {
  Institution,
  InstitutionListData,
  InstitutionSaveBody,
  Partner,
  PartnerListData,
  PartnerSaveBody,
  SiteContact,
} from '@pvforge/contracts';
import { call } from './client';
import { upload } from './materials';

/** Institutions, partner logos and contact fields (docs/administration.md): public reads, administrator changes. */
export const siteApi = {
  institutions: () => call<InstitutionListData>('/sys/site/institutions'),
  partners: () => call<PartnerListData>('/sys/site/partners'),
  contact: () => call<SiteContact>('/sys/site/contact'),
  saveInstitution: (b: InstitutionSaveBody) => call<Institution>('/sys/admin/institution/save', { body: b }),
  deleteInstitution: (id: number) => call<null>('/sys/admin/institution/delete', { body: { id } }),
  reorderInstitutions: (ids: number[]) =>
    call<InstitutionListData>('/sys/admin/institution/reorder', { body: { ids } }),
  savePartner: (b: PartnerSaveBody) => call<Partner>('/sys/admin/partner/save', { body: b }),
  deletePartner: (id: number) => call<null>('/sys/admin/partner/delete', { body: { id } }),
  reorderPartners: (ids: number[]) => call<PartnerListData>('/sys/admin/partner/reorder', { body: { ids } }),
  uploadLogo: (id: number, file: File) =>
    upload<Partner>('/sys/admin/partner/logo', file, file.name, undefined, { id: String(id) }),
  setContact: (c: SiteContact) => call<SiteContact>('/sys/admin/contact/set', { body: c }),
};

export const siteKeys = {
  institutions: ['site', 'institutions'] as const,
  partners: ['site', 'partners'] as const,
  contact: ['site', 'contact'] as const,
};
