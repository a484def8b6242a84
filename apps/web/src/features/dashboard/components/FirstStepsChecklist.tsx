import { hasPermission, type FirstStep, type PermissionKey } from '@despacho/domain';
import {
  Anchor,
  CloseButton,
  Group,
  List,
  Paper,
  Progress,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { useSession } from '../../../lib/useSession';
import { useDismissFirstSteps, useFirstSteps } from '../api';

/** Where each step is done, and the permission that opens that screen. */
const STEP_SCREENS: Record<FirstStep, { to: string; permission: PermissionKey }> = {
  tax_information: { to: '/app/settings/details?tab=tax', permission: 'settings.my_company' },
  origin_address: { to: '/app/settings/locations', permission: 'settings.address_book' },
  balance: { to: '/app/finance/deposits', permission: 'finances.deposits' },
  first_label: { to: '/app/shipment', permission: 'shipments.create_shipment' },
  team: { to: '/app/settings/users', permission: 'settings.users' },
};

/**
 * A new organization's first steps, ticked by the server from its data as the merchant goes;
 * gone once every step is done or someone of the organization closes it.
 */
export function FirstStepsChecklist() {
  const { t } = useTranslation('dashboard');
  const permissions = useSession()?.user.permissions ?? [];
  const firstSteps = useFirstSteps();
  const dismiss = useDismissFirstSteps();
  const titleId = useId();

  const steps = firstSteps.data?.steps ?? [];
  const doneCount = steps.filter((step) => step.done).length;
  // Hidden as soon as the user closes it; back, with the reason, if the server refused.
  const hidden = !firstSteps.data || firstSteps.data.dismissed || dismiss.isPending;
  if (hidden || doneCount === steps.length) return null;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} fz="lg" id={titleId}>
            {t('firstSteps.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('firstSteps.progress', { done: doneCount, total: steps.length })}
          </Text>
        </div>
        <CloseButton aria-label={t('firstSteps.dismiss')} onClick={() => dismiss.mutate()} />
      </Group>
      <Progress value={(doneCount / steps.length) * 100} mt="sm" mb="md" aria-hidden />
      <List spacing="xs" listStyleType="none">
        {steps.map(({ key, done }) => {
          const screen = STEP_SCREENS[key];
          const label = t(`firstSteps.steps.${key}`);
          return (
            <List.Item
              key={key}
              icon={
                <ThemeIcon size={22} radius="xl" color={done ? 'teal' : 'gray'} variant="light">
                  {done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                </ThemeIcon>
              }
            >
              {done ? (
                <Text fz="sm" c="dimmed" td="line-through">
                  {label}
                  <VisuallyHidden>{` (${t('firstSteps.done')})`}</VisuallyHidden>
                </Text>
              ) : hasPermission(permissions, screen.permission) ? (
                <Anchor component={Link} to={screen.to} fz="sm">
                  {label}
                </Anchor>
              ) : (
                <Text fz="sm">{label}</Text>
              )}
            </List.Item>
          );
        })}
      </List>
      {dismiss.isError && (
        <Text c="red" fz="sm" mt="sm">
          {messageOf(dismiss.error)}
        </Text>
      )}
    </Paper>
  );
}
