import { Box, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../ui/Logo';
import { LanguageMenu } from '../../ui/LanguageMenu';

const PITCH_POINTS = ['shipping', 'orders', 'inventory', 'balance'] as const;

/**
 * Public screens: the product pitch on the left (from 1024 px), the form on the right; the
 * landmarks (aside, header, main) let screen readers jump to the form. Router-free: the cold
 * sign-in screen draws it too (`app/SignInShell.tsx`).
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex' }}>
      <Box
        component="aside"
        visibleFrom="sm"
        w="42%"
        p={48}
        bg="linear-gradient(160deg, var(--mantine-color-petrol-8), var(--mantine-color-petrol-6))"
        c="white"
        style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}
      >
        <Logo inverted size={32} />
        <Stack gap="xl" maw={440}>
          <Title order={2} fz={34} lh={1.2}>
            {t('pitch.title')}
          </Title>
          <Text fz="lg" opacity={0.9}>
            {t('pitch.subtitle')}
          </Text>
          <List
            spacing="md"
            icon={
              <ThemeIcon variant="white" radius="xl" size={24}>
                <IconCheck size={14} stroke={3} />
              </ThemeIcon>
            }
          >
            {PITCH_POINTS.map((point) => (
              <List.Item key={point}>{t(`pitch.points.${point}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Text fz="sm" opacity={0.75}>
          {t('pitch.footer')}
        </Text>
      </Box>
      <Box style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Group component="header" justify="space-between" p="md">
          <Box hiddenFrom="sm">
            <Logo />
          </Box>
          <Box ml="auto">
            <LanguageMenu />
          </Box>
        </Group>
        <Container component="main" size={440} w="100%" py="xl" style={{ flex: 1 }}>
          {children}
        </Container>
      </Box>
    </Box>
  );
}
