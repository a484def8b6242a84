import {
  customsStatusInputSchema,
  T1_CUSTOMS_TRANSITIONS,
  type CustomsStatusInput,
  type StaffT1ShipmentSummary,
} from '@despacho/domain';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../../lib/useDomainForm';
import { FormBody } from '../../../../ui/FormBody';
import { useSetCustomsStatus } from '../../staff-api';

/**
 * Records what the courier reported about a shipment at customs: only the moves its current
 * status allows, with an optional note the merchant reads on the shipment's page.
 */
export function CustomsStatusDialog({
  shipment,
  onClose,
}: {
  shipment: StaffT1ShipmentSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('international');
  return (
    <Modal
      opened={shipment !== null}
      onClose={onClose}
      title={t('staff.shipments.move')}
      centered
      closeButtonProps={{ 'aria-label': t('staff.close') }}
    >
      {shipment && <MoveForm shipment={shipment} onClose={onClose} />}
    </Modal>
  );
}

function MoveForm({
  shipment,
  onClose,
}: {
  shipment: StaffT1ShipmentSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation('international');
  const move = useSetCustomsStatus(shipment.id);
  const allowed = T1_CUSTOMS_TRANSITIONS[shipment.customs_status];
  const { form, formProps } = useDomainForm({
    schema: customsStatusInputSchema,
    defaultValues: { status: allowed[0], note: '' } as CustomsStatusInput,
    submit: (values) => move.mutateAsync(values),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('staff.shipments.moved') });
      onClose();
    },
  });
  return (
    <FormProvider {...form}>
      <FormBody
        {...formProps}
        actions={
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('staff.cancel')}
            </Button>
            <Button type="submit" loading={formProps.busy}>
              {t('staff.shipments.save')}
            </Button>
          </Group>
        }
      >
        <Stack gap="sm">
          <Text fz="sm">
            {t('staff.shipments.current', {
              tracking: shipment.tracking_number ?? '—',
              status: t(`customsStatuses.${shipment.customs_status}`),
            })}
          </Text>
          <Controller
            control={form.control}
            name="status"
            render={({ field, fieldState }) => (
              <Radio.Group
                label={t('staff.shipments.next')}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              >
                <Stack gap="xs" mt="xs">
                  {allowed.map((status) => (
                    <Radio key={status} value={status} label={t(`customsStatuses.${status}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Textarea
            label={t('staff.shipments.note')}
            description={t('staff.shipments.noteHint')}
            rows={3}
            maxLength={500}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
        </Stack>
      </FormBody>
    </FormProvider>
  );
}
