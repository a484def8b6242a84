import { ALL_PERMISSIONS, type ApiKeyStatus, type ApiKeyView } from '@despacho/domain';
import { Badge, Code, Stack, Text } from '@mantine/core';
import { IconBan, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { DataTable } from '../../../ui/DataTable';
import { RowActions } from '../../../ui/RowActions';
import { scopesByModule } from '../scopes';

const STATUS_COLORS: Record<ApiKeyStatus, string> = {
  active: 'teal',
  expired: 'gray',
  revoked: 'red',
};

/** The scopes per module: "Envíos: lectura y escritura", "Finanzas: solo lectura (2 de 4)". */
function ScopesSummary({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation('developers');
  const { t: menu } = useTranslation('navigation');
  const modules = scopesByModule(apiKey.scopes);
  const [first] = modules;
  // Every key of the menu with one access: said once.
  if (
    apiKey.scopes.length === ALL_PERMISSIONS.length &&
    first &&
    modules.every((m) => m.access === first.access)
  ) {
    return <Text fz="sm">{t('keys.scopeAll', { access: t(`keys.access.${first.access}`) })}</Text>;
  }
  return (
    <Stack gap={0}>
      {modules.map((entry) => (
        <Text key={entry.module} fz="sm">
          {t('keys.scopeLine', {
            module: menu(`modules.${entry.module}`),
            access: t(`keys.access.${entry.access}`),
          })}
          {entry.held < entry.of && (
            <Text span c="dimmed" fz="sm">
              {' '}
              {t('keys.scopePart', { held: entry.held, of: entry.of })}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The organization's keys: name and prefix, mode, scopes, expiry, last use with its address,
 * state; rotate and revoke while active.
 */
export function ApiKeysTable({
  rows,
  onRotate,
  onRevoke,
}: {
  rows: readonly ApiKeyView[];
  onRotate: (key: ApiKeyView) => void;
  onRevoke: (key: ApiKeyView) => void;
}) {
  const { t } = useTranslation('developers');
  const dates = useDateFormat();
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      label={t('keys.title')}
      minWidth={900}
      cardsBelow="sm"
      columns={[
        {
          key: 'name',
          header: t('keys.columns.name'),
          cardTitle: true,
          cell: (row) => (
            <Stack gap={2}>
              <Text fw={600} fz="sm">
                {row.name}
              </Text>
              <Code fz="xs">{row.prefix}…</Code>
            </Stack>
          ),
        },
        {
          key: 'mode',
          header: t('keys.columns.mode'),
          cell: (row) => (
            <Badge variant="light" color={row.mode === 'live' ? 'blue' : 'yellow'}>
              {t(`keys.modes.${row.mode}`)}
            </Badge>
          ),
        },
        {
          key: 'scopes',
          header: t('keys.columns.scopes'),
          cell: (row) => <ScopesSummary apiKey={row} />,
        },
        {
          key: 'expiry',
          header: t('keys.columns.expiry'),
          cell: (row) => (row.expires_at ? dates.dateTime(row.expires_at) : t('keys.noExpiry')),
        },
        {
          key: 'lastUse',
          header: t('keys.columns.lastUse'),
          cell: (row) =>
            row.last_used_at ? (
              <Stack gap={0}>
                <Text fz="sm">{dates.dateTime(row.last_used_at)}</Text>
                {row.last_used_ip && (
                  <Text fz="xs" c="dimmed">
                    {t('keys.fromIp', { ip: row.last_used_ip })}
                  </Text>
                )}
              </Stack>
            ) : (
              t('keys.neverUsed')
            ),
        },
        {
          key: 'status',
          header: t('keys.columns.status'),
          cell: (row) => (
            <Stack gap={2}>
              <Badge variant="light" color={STATUS_COLORS[row.status]}>
                {t(`keys.statuses.${row.status}`)}
              </Badge>
              {row.previous_secret_valid_until && row.status === 'active' && (
                <Text fz="xs" c="dimmed">
                  {t('keys.previousUntil', {
                    until: dates.dateTime(row.previous_secret_valid_until),
                  })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'actions',
          header: t('keys.columns.actions'),
          hideHeader: true,
          cell: (row) => (
            <RowActions
              actions={[
                {
                  label: t('keys.rotate.label', { name: row.name }),
                  tooltip: t('keys.rotate.tooltip'),
                  icon: <IconRefresh size={18} />,
                  onClick: () => onRotate(row),
                  hidden: row.status !== 'active',
                },
                {
                  label: t('keys.revoke.label', { name: row.name }),
                  tooltip: t('keys.revoke.tooltip'),
                  icon: <IconBan size={18} />,
                  color: 'red',
                  onClick: () => onRevoke(row),
                  hidden: row.status !== 'active',
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
