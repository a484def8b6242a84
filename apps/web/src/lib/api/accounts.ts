import {
  accountsContract,
  authContract,
  parseLanguage,
  type DepositDataUpdate,
  type Language,
  type Organization,
  type OrganizationUpdate,
  type PasswordChange,
  type ProfileUpdate,
  type TaxInfoUpdate,
} from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';
import { updateSession } from '../session';

/** The logo call behind `organization.logo_url` (`…/organization/logo?v=<file id>`). */
const logoInput = (logoUrl: string | null) => ({
  query: { v: new URL(logoUrl ?? '', 'http://logo').searchParams.get('v') ?? undefined },
});

export const accountsApi = {
  /** The signed-in user and organization as the server knows them now. */
  me: () => unwrap(call(accountsContract.me)),
  /** Saves the user's language; the server answers the updated user. */
  changeLanguage: (language: Language) =>
    unwrap(call(accountsContract.changeLanguage, { query: { language } })),
  updateProfile: (profile: ProfileUpdate) =>
    unwrap(call(accountsContract.updateProfile, { body: profile })),
  changePassword: (passwords: PasswordChange) =>
    unwrap(call(authContract.changePassword, { body: passwords })),

  organization: () => unwrap(call(accountsContract.organization)),
  updateOrganization: (organization: OrganizationUpdate) =>
    unwrap(call(accountsContract.updateOrganization, { body: organization })),
  uploadLogo: (file: File) => unwrap(call(accountsContract.uploadLogo, { file })),
  removeLogo: () => unwrap(call(accountsContract.removeLogo)),
  /** The logo image behind `organization.logo_url`, fetched with the session like any call. */
  logo: (logoUrl: string | null) => call(accountsContract.logo, logoInput(logoUrl)),

  satCatalogs: () => unwrap(call(accountsContract.satCatalogs)),
  taxInfo: () => unwrap(call(accountsContract.taxInfo)),
  saveTaxInfo: (taxInfo: TaxInfoUpdate) =>
    unwrap(call(accountsContract.saveTaxInfo, { body: taxInfo })),

  depositData: () => unwrap(call(accountsContract.depositData)),
  saveDepositData: (depositData: DepositDataUpdate) =>
    unwrap(call(accountsContract.saveDepositData, { body: depositData })),
};

/** `me()` is the signed-in user and organization, reloaded once per visit to the shell. */
export const accountsKeys = queryKeys(accountsContract);

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
    queryKey: accountsKeys.logo(logoInput(logoUrl)),
    queryFn: () => accountsApi.logo(logoUrl),
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
    // SAT's descriptions are Spanish, our labels follow the language: one entry per language.
    queryKey: [...accountsKeys.satCatalogs(), language],
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
