import { Anchor, Box, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Breadcrumb, title and an optional badge: the top of every page in the main layout, with
 * `subtitle` in dimmed text under the title; `action` (a list page's create button) stands at
 * the right of it.
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
    <Stack gap={6} mb="lg" flex="1 1 320px">
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
      {subtitle && (
        <Text c="dimmed" mt={6}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
  // The action stands at the right; on a narrow screen it wraps under the title and subtitle.
  return action ? (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      style={{ columnGap: 'var(--mantine-spacing-md)', rowGap: 0 }}
    >
      {header}
      <Box mb="lg">{action}</Box>
    </Group>
  ) : (
    header
  );
}
