import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Breadcrumb, title and an optional badge: the top of every page in the main layout. `action`
 * (a list page's create button) stands at the right of it, `subtitle` in dimmed text under it.
 */
export function PageHeader({
  title,
  breadcrumbs = [],
  badge,
  action,
  subtitle,
}: {
  title: string;
  breadcrumbs?: Crumb[];
  badge?: ReactNode;
  action?: ReactNode;
  subtitle?: ReactNode;
}) {
  const header = (
    <Stack gap={6} mb="lg">
      {breadcrumbs.length > 0 && (
        <Breadcrumbs separatorMargin={6} fz="sm">
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} fz="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} fz="sm" c="dimmed">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {badge}
      </Group>
    </Stack>
  );
  return (
    <>
      {action ? (
        <Group justify="space-between" align="flex-start" wrap="wrap">
          {header}
          {action}
        </Group>
      ) : (
        header
      )}
      {subtitle && (
        <Text c="dimmed" mt={-12} mb="lg">
          {subtitle}
        </Text>
      )}
    </>
  );
}
