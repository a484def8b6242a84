import { LoadingOverlay } from '@mantine/core';

/**
 * The one loading overlay (spec §9: spinner 80, info colour, white background). It covers its
 * nearest positioned parent: a form, a page, or the whole screen while the app starts.
 */
export function AppLoadingOverlay({ visible = true }: { visible?: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={300}
      loaderProps={{ size: 80, color: 'blue' }}
      overlayProps={{ color: 'var(--mantine-color-white)', backgroundOpacity: 0.85, blur: 1 }}
    />
  );
}

/** Full-window variant for the first load and lazy pages. */
export function FullPageLoader() {
  return (
    <div style={{ position: 'relative', minHeight: '100vh' }}>
      <AppLoadingOverlay />
    </div>
  );
}
