import {
  LOGO_RULES,
  parseLanguage,
  type DepositData,
  type DepositDataUpdate,
  type Language,
  type Me,
  type Organization,
  type OrganizationUpdate,
  type PasswordChange,
  type ProfileUpdate,
  type SatCatalogs,
  type TaxInfo,
  type TaxInfoUpdate,
  type User,
} from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http, unwrap, type ApiData } from '../http';
import { useTranslation } from 'react-i18next';
import { updateSession } from '../session';

const API_PREFIX = '/api/v1';

export const accountsApi = {
  /** The signed-in user and organization as the server knows them now. */
  me: () => unwrap(http.get<ApiData<Me>>('/me')),
  /** Saves the user's language; the server answers the updated user. */
  changeLanguage: (language: Language) =>
    unwrap(http.patch<ApiData<User>>('/user/change-language', undefined, { language })),
  updateProfile: (profile: ProfileUpdate) => unwrap(http.put<ApiData<User>>('/users', profile)),
  changePassword: (passwords: PasswordChange) =>
    unwrap(http.put<ApiData<{ ok: true }>>('/auth/password/reset', passwords)),

  organization: () => unwrap(http.get<ApiData<Organization>>('/organization')),
  updateOrganization: (organization: OrganizationUpdate) =>
    unwrap(http.put<ApiData<Organization>>('/organization', organization)),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append(LOGO_RULES.field, file);
    return unwrap(http.post<ApiData<Organization>>('/organization/logo', form));
  },
  removeLogo: () => unwrap(http.delete<ApiData<Organization>>('/organization/logo')),
  /** The logo image behind `organization.logo_url`, fetched with the session like any call. */
  logo: (logoUrl: string) =>
    http.blob(logoUrl.startsWith(API_PREFIX) ? logoUrl.slice(API_PREFIX.length) : logoUrl),

  satCatalogs: () => unwrap(http.get<ApiData<SatCatalogs>>('/catalogs/sat')),
  taxInfo: () => unwrap(http.get<ApiData<TaxInfo | null>>('/organization/tax-info')),
  saveTaxInfo: (taxInfo: TaxInfoUpdate) =>
    unwrap(http.put<ApiData<TaxInfo>>('/organization/tax-info', taxInfo)),

  depositData: () => unwrap(http.get<ApiData<DepositData | null>>('/organization/deposit-data')),
  saveDepositData: (depositData: DepositDataUpdate) =>
    unwrap(http.put<ApiData<DepositData>>('/organization/deposit-data', depositData)),
};

export const accountsKeys = {
  /** The signed-in user and organization (`GET me`), reloaded once per visit to the shell. */
  me: () => ['accounts', 'me'] as const,
  organization: () => ['accounts', 'organization'] as const,
  logo: (logoUrl: string | null) => ['accounts', 'organization', 'logo', logoUrl] as const,
  /** SAT's descriptions are Spanish, our labels follow the language: one entry per language. */
  satCatalogs: (language: Language) => ['catalogs', 'sat', language] as const,
  taxInfo: () => ['accounts', 'organization', 'tax-info'] as const,
  depositData: () => ['accounts', 'organization', 'deposit-data'] as const,
};

export function useOrganization() {
  return useQuery({ queryKey: accountsKeys.organization(), queryFn: accountsApi.organization });
}

/** After a change to the organization: the form's copy, and the session the header reads. */
export function useOrganizationSaved() {
  const queryClient = useQueryClient();
  return (organization: Organization) => {
    queryClient.setQueryData(accountsKeys.organization(), organization);
    updateSession({ organization });
  };
}

export function useLogoUpload() {
  const saved = useOrganizationSaved();
  return useMutation({ mutationFn: accountsApi.uploadLogo, onSuccess: saved });
}

export function useLogoRemoval() {
  const saved = useOrganizationSaved();
  return useMutation({ mutationFn: accountsApi.removeLogo, onSuccess: saved });
}

/**
 * An object URL for the organization's logo, or null while there is none (or it loads). The
 * image needs the bearer token, so it is fetched and shown from memory, never by `<img src>`
 * pointing at the API.
 */
export function useLogoSource(logoUrl: string | null): string | null {
  const { data: blob } = useQuery({
    queryKey: accountsKeys.logo(logoUrl),
    queryFn: () => accountsApi.logo(logoUrl!),
    enabled: logoUrl !== null,
    // The URL names the file: a new logo is a new URL.
    staleTime: Infinity,
    retry: false,
  });
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(blob);
    setSource(url);
    return () => {
      URL.revokeObjectURL(url);
      setSource(null);
    };
  }, [blob]);
  return logoUrl ? source : null;
}

export function useSatCatalogs() {
  const language = parseLanguage(useTranslation().i18n.language);
  return useQuery({
    queryKey: accountsKeys.satCatalogs(language),
    queryFn: accountsApi.satCatalogs,
    staleTime: Infinity,
  });
}

export function useTaxInfo() {
  return useQuery({ queryKey: accountsKeys.taxInfo(), queryFn: accountsApi.taxInfo });
}

export function useDepositData() {
  return useQuery({ queryKey: accountsKeys.depositData(), queryFn: accountsApi.depositData });
}
