import type { StaffClassification } from '@despacho/domain';
import { Badge, Button, Group, Image, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { staffClassificationFiles, useStaffClassificationThumbnail } from '../staff-api';

const opened = (load: () => Promise<Blob>, name: string) =>
  void openFile(load, name).catch((error: unknown) =>
    notifications.show({ color: 'red', message: messageOf(error) }),
  );

function Thumbnail({ id, imageId, index }: { id: string; imageId: string; index: number }) {
  const { t } = useTranslation('classification');
  const source = useStaffClassificationThumbnail(id, imageId);
  const label = t('staff.photo', { number: index + 1 });
  return (
    <UnstyledButton
      aria-label={label}
      onClick={() => opened(() => staffClassificationFiles.image(id, imageId), `${label}.webp`)}
    >
      <Image src={source} alt={label} w={72} h={72} radius="sm" fit="cover" />
    </UnstyledButton>
  );
}

/** The merchant's data sheet and photos of the product, opened with the staff session. */
export function ProductFilesPanel({ item }: { item: StaffClassification }) {
  const { t } = useTranslation('classification');
  const { datasheet } = item;
  return (
    <Group gap="xs">
      {datasheet ? (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFileTypePdf size={16} />}
          onClick={() => opened(() => staffClassificationFiles.datasheet(item.id), datasheet.name)}
        >
          {t('staff.openDatasheet', { name: datasheet.name })}
        </Button>
      ) : (
        <Badge variant="light" color="gray">
          {t('create.noDatasheet')}
        </Badge>
      )}
      {item.images.length === 0 ? (
        <Badge variant="light" color="gray">
          {t('create.photos', { count: 0 })}
        </Badge>
      ) : (
        item.images.map((image, index) => (
          <Thumbnail key={image.id} id={item.id} imageId={image.id} index={index} />
        ))
      )}
    </Group>
  );
}
