import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityDrawer } from '../../../ui/EntityDrawer';

/** A staff action's form in a modal that asks before dropping what was typed. */
export function StaffDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('embarques');
  return (
    <EntityDrawer
      opened={opened}
      onClose={onClose}
      title={title}
      closeLabel={t('staff.closeDialog')}
      surface="modal"
    >
      {children}
    </EntityDrawer>
  );
}
