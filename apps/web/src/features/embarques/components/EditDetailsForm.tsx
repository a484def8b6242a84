import { embarqueUpdateSchema, type StaffEmbarque } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useUpdateEmbarque } from '../staff-api';
import { DetailsFields } from './DetailsFields';

/** Corrects the embarque's header: direction, transport, incoterm, supplier, places, notes. */
export function EditDetailsForm({
  embarque,
  onDone,
}: {
  embarque: StaffEmbarque;
  onDone: () => void;
}) {
  const { t } = useTranslation('embarques');
  const update = useUpdateEmbarque(embarque.id);
  const { form, formProps } = useDomainForm({
    schema: embarqueUpdateSchema,
    defaultValues: {
      direction: embarque.direction,
      mode: embarque.mode,
      incoterm: embarque.incoterm,
      supplier: embarque.supplier,
      origin: embarque.origin,
      destination: embarque.destination,
      customer_reference: embarque.customer_reference ?? '',
      notes: embarque.notes ?? '',
    },
    submit: (values) => update.mutateAsync(values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('staff.saved') });
      onDone();
    },
  });
  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('staff.save')}
      cancelLabel={t('staff.cancel')}
    >
      <DetailsFields />
    </EntityForm>
  );
}
