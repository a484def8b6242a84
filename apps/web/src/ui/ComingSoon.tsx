import { Badge, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, type Crumb } from './PageHeader';

export type ComingSoonVariant = 'soon' | 'new';

/**
 * The page of a capability that is not built yet: what it will do and when.
 * `soon` is a screen of a later issue; `new` is one of the spec's "new feature" placeholders.
 */
export function ComingSoon({
  title,
  description,
  variant = 'soon',
  breadcrumbs,
  backTo = '/app',
  backLabel,
}: {
  title: string;
  description: string;
  variant?: ComingSoonVariant;
  breadcrumbs?: Crumb[];
  backTo?: string;
  backLabel?: string;
}) {
  const { t } = useTranslation();
  const copy = variant === 'new' ? 'newFeature' : 'comingSoon';
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        badge={
          <Badge variant="light" color={variant === 'new' ? 'grape' : 'blue'} size="lg">
            {t(`${copy}.badge`)}
          </Badge>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="lg" maw={560} mx="auto" ta="center">
          <ParcelIllustration variant={variant} />
          <Title order={2} fz="h3">
            {t(`${copy}.heading`)}
          </Title>
          <Text c="dimmed">{description}</Text>
          <Text fz="sm" c="dimmed">
            {t(`${copy}.note`)}
          </Text>
          <Button component={Link} to={backTo} variant={variant === 'new' ? 'filled' : 'light'}>
            {backLabel ?? t(`${copy}.back`)}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}

/** A parcel on a soft halo, with sparkles for new features: drawn, so no image to load. */
function ParcelIllustration({ variant }: { variant: ComingSoonVariant }) {
  const accent = variant === 'new' ? 'var(--mantine-color-grape-5)' : 'var(--mantine-color-blue-5)';
  return (
    <Box w={160} h={128} aria-hidden="true">
      <svg viewBox="0 0 160 128" width="160" height="128">
        <ellipse cx="80" cy="112" rx="52" ry="8" fill="var(--mantine-color-gray-2)" />
        <circle cx="80" cy="60" r="52" fill="var(--mantine-primary-color-light)" />
        <path d="M48 46 80 32l32 14v36L80 96 48 82z" fill="var(--mantine-color-white)" />
        <path
          d="M48 46 80 60l32-14M80 60v36M64 39l32 14"
          fill="none"
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path
          d="M48 46 80 32l32 14v36L80 96 48 82z"
          fill="none"
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <circle cx="128" cy="22" r="6" fill={accent} />
        <circle cx="30" cy="30" r="4" fill={accent} />
        {variant === 'new' && <path d="M136 58l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill={accent} />}
      </svg>
    </Box>
  );
}
