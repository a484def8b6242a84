import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { AppLoadingOverlay } from '../../ui/AppLoadingOverlay';

/** A layout's page area: the shared overlay covers it while the next (lazy) page loads. */
export function PageOutlet() {
  const navigation = useNavigation();
  return (
    <Box pos="relative" mih="60vh">
      <AppLoadingOverlay visible={navigation.state === 'loading'} />
      <Suspense fallback={<AppLoadingOverlay />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
