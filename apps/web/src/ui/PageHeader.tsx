import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb, title and an optional badge: the top of every page in the main layout. */
export function PageHeader({
  title,
  breadcrumbs = [],
  badge,
}: {
  title: string;
  breadcrumbs?: Crumb[];
  badge?: ReactNode;
}) {
  return (
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
}
