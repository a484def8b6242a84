import {
  ALL_PERMISSIONS,
  API_KEY_ACCESS,
  type ApiKeyAccess,
  type ApiKeyScope,
  type PermissionKey,
} from '@despacho/domain';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePermissionLabelKey } from '../../../lib/permission-labels';
import { SCOPE_GROUPS } from '../scopes';

const NONE = 'none';

/**
 * What a key may do, per permission key of the menu grouped by module: nothing, read only (GET
 * calls) or read and write. Shortcuts set every key at once.
 */
export function ScopesField({
  value,
  onChange,
  error,
}: {
  value: readonly ApiKeyScope[];
  onChange: (next: ApiKeyScope[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('developers');
  const { t: menu } = useTranslation('navigation');
  const labelKey = usePermissionLabelKey();
  const accessOf = new Map(value.map((scope) => [scope.permission, scope.access]));
  const set = (permission: PermissionKey, access: ApiKeyAccess | typeof NONE) => {
    const next = new Map(accessOf);
    if (access === NONE) next.delete(permission);
    else next.set(permission, access);
    // In menu order, whatever the order of the clicks.
    onChange(
      ALL_PERMISSIONS.flatMap((key) => {
        const given = next.get(key);
        return given ? [{ permission: key, access: given }] : [];
      }),
    );
  };
  const all = (access: ApiKeyAccess | null) =>
    onChange(access ? ALL_PERMISSIONS.map((permission) => ({ permission, access })) : []);
  const options = [NONE, ...API_KEY_ACCESS].map((access) => ({
    value: access,
    label: t(`keys.access.${access}`),
  }));

  return (
    <Fieldset legend={t('keys.fields.scopes')} variant="unstyled">
      <Text fz="sm" c="dimmed" mb="xs">
        {t('keys.fields.scopesHint')}
      </Text>
      <Group gap="xs" mb="md">
        <Button size="compact-sm" variant="light" onClick={() => all('read')}>
          {t('keys.fields.allRead')}
        </Button>
        <Button size="compact-sm" variant="light" onClick={() => all('write')}>
          {t('keys.fields.allWrite')}
        </Button>
        <Button size="compact-sm" variant="subtle" color="gray" onClick={() => all(null)}>
          {t('keys.fields.none')}
        </Button>
      </Group>
      <Stack gap="md">
        {SCOPE_GROUPS.map(({ module, permissions }) => (
          <div key={module}>
            <Title order={3} fz="sm" mb={6}>
              {menu(`modules.${module}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
              {permissions.map((permission) => (
                <NativeSelect
                  key={permission}
                  size="sm"
                  label={menu(labelKey(permission))}
                  data={options}
                  value={accessOf.get(permission) ?? NONE}
                  onChange={(event) =>
                    set(permission, event.currentTarget.value as ApiKeyAccess | typeof NONE)
                  }
                />
              ))}
            </SimpleGrid>
          </div>
        ))}
      </Stack>
      {error && (
        <Text c="red" fz="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
