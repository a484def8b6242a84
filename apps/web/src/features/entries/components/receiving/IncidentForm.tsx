import {
  ENTRY_INCIDENT_KINDS,
  ENTRY_RULES,
  type EntryIncidentKind,
  type StaffEntryView,
} from '@despacho/domain';
import { Button, FileInput, Group, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../lib/server-errors';
import type { useReceivingActions } from '../../receiving-api';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** Records an incident on a line: its kind, units, a note and photos (each ≤ 1 MB). */
export function IncidentForm({
  entry,
  actions,
}: {
  entry: StaffEntryView;
  actions: ReturnType<typeof useReceivingActions>;
}) {
  const { t } = useTranslation('entries');
  const [lineId, setLineId] = useState<string | null>(entry.lines[0]?.id ?? null);
  const [kind, setKind] = useState<EntryIncidentKind>('damaged');
  const [quantity, setQuantity] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const tooLarge = photos.some((photo) => photo.size > ENTRY_RULES.photoMaxBytes);

  const submit = () => {
    if (!lineId || tooLarge) return;
    actions.recordIncident.mutate(
      {
        body: {
          line_id: lineId,
          kind,
          ...(typeof quantity === 'number' ? { quantity } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        photos,
      },
      {
        onSuccess: () => {
          setNote('');
          setQuantity('');
          setPhotos([]);
          notifications.show({ color: 'teal', message: t('receiving.incidentRecorded') });
        },
        onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
      },
    );
  };

  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="sm" wrap="wrap" align="flex-start">
        <Select
          label={t('receiving.line')}
          data={entry.lines.map((line) => ({
            value: line.id,
            label: [line.product_name, line.variant_title, line.sku].filter(Boolean).join(' · '),
          }))}
          value={lineId}
          onChange={setLineId}
          allowDeselect={false}
          flex="1 1 240px"
        />
        <Select
          label={t('receiving.kind')}
          data={ENTRY_INCIDENT_KINDS.map((value) => ({
            value,
            label: t(`incidentKinds.${value}`),
          }))}
          value={kind}
          onChange={(value) => setKind((value as EntryIncidentKind | null) ?? 'damaged')}
          allowDeselect={false}
          w={200}
        />
        <NumberInput
          label={t('receiving.units')}
          min={1}
          max={ENTRY_RULES.maxQuantity}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
          w={120}
        />
      </Group>
      <Textarea
        label={t('receiving.note')}
        maxLength={ENTRY_RULES.noteMax}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <FileInput
        label={t('receiving.photos')}
        description={t('receiving.photosHint')}
        accept={PHOTO_TYPES}
        multiple
        clearable
        value={photos}
        onChange={(files) => setPhotos(files.slice(0, ENTRY_RULES.maxPhotos))}
        error={tooLarge ? t('receiving.photoTooLarge') : undefined}
      />
      <Group justify="flex-end">
        <Button
          type="submit"
          loading={actions.recordIncident.isPending}
          disabled={!lineId || tooLarge}
        >
          {t('receiving.recordIncident')}
        </Button>
      </Group>
    </Stack>
  );
}
