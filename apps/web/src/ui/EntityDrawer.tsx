import { Button, Drawer, Group, Modal, Text } from '@mantine/core';
import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Guard {
  /** The form inside says whether it holds changes not saved yet. */
  setDirty: (dirty: boolean) => void;
  /** Cancel, the close button, Escape or a click outside: asks first when there are changes. */
  requestClose: () => void;
}

export const EntityGuardContext = createContext<Guard | null>(null);

/**
 * The shell of a create or edit form beside a list (a drawer, or a modal for short forms): its
 * title, the form (an `EntityForm`), mounted afresh each time it opens, and the guard that asks
 * before leaving with unsaved changes. Saving closes it through `onClose` without asking.
 */
export function EntityDrawer({
  opened,
  onClose,
  title,
  closeLabel,
  surface = 'drawer',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  surface?: 'drawer' | 'modal';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => (dirty ? setAsking(true) : onClose()), [dirty, onClose]);
  const guard = useMemo(() => ({ setDirty, requestClose }), [requestClose]);
  const Surface = surface === 'drawer' ? Drawer : Modal;

  return (
    <>
      <Surface
        opened={opened}
        onClose={requestClose}
        title={title}
        size="lg"
        closeButtonProps={{ 'aria-label': closeLabel }}
        {...(surface === 'drawer' && { position: 'right' as const })}
      >
        {opened && <EntityGuardContext value={guard}>{children}</EntityGuardContext>}
      </Surface>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('unsaved.title')}
        centered
        zIndex={400}
      >
        <Text fz="sm">{t('unsaved.text')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setAsking(false)}>
            {t('unsaved.stay')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setAsking(false);
              onClose();
            }}
          >
            {t('unsaved.leave')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
