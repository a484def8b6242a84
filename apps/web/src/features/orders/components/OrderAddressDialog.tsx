import { orderAddressUpdateSchema, type OrderDetail } from '@despacho/domain';
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addressFormValues } from '../../../lib/address-form';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { ordersKeys } from '../api';
import { orderApi } from '../order-api';
import { OrderContactFields } from './OrderContactFields';

/** Corrects the customer's contact and address before anything ships (same schema as the API). */
export function OrderAddressDialog({
  order,
  onClose,
}: {
  order: OrderDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const address = order.shipping_address;
  const { form, formProps } = useDomainForm({
    schema: orderAddressUpdateSchema,
    defaultValues: {
      shipping_address: {
        ...addressFormValues(address),
        contact_name: address?.contact_name ?? order.customer?.name ?? '',
        company: address?.company ?? '',
        email: address?.email ?? order.customer?.email ?? '',
        phone: address?.phone ?? order.customer?.phone ?? '',
      },
    },
    submit: (values) => orderApi.updateAddress(order.id, values.shipping_address),
    onSuccess: (saved) => {
      queryClient.setQueryData(ordersKeys.get({ params: { id: order.id } }), saved);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} size="lg" title={t('address.edit')}>
      <EntityForm
        form={form}
        formProps={formProps}
        submitLabel={t('address.save')}
        cancelLabel={t('detail.close')}
        onCancel={onClose}
      >
        <OrderContactFields />
      </EntityForm>
    </Modal>
  );
}
