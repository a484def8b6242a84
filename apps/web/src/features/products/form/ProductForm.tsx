import { productSchema, type PackageUnit, type ProductView } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { productsApi, productsKeys } from '../api';
import type { ProductPrefill } from '../../../lib/product-prefill';
import { PRODUCTS_PATH, productEditPath } from '../paths';
import { CustomsSection } from './CustomsSection';
import { GeneralSection } from './GeneralSection';
import { MediaSection } from './MediaSection';
import { MissingNotice } from './MissingNotice';
import { PricingSection } from './PricingSection';
import { emptyProduct, formValuesOf, type ProductFormValues } from './product-form';
import { ShippingSection } from './ShippingSection';
import { useLeaveGuard } from './useLeaveGuard';
import { VariantsSection } from './VariantsSection';

/**
 * Creates (`product` absent, in `defaultUnit`, from `prefill` if given) or edits a product: one
 * form in sections, validated with the API's own schema; the server's field errors (a taken SKU
 * under its variant's SKU) land under their inputs. Leaving with unsaved changes asks first. Saving a new product
 * opens its edit page.
 */
export function ProductForm({
  product,
  defaultUnit,
  prefill,
}: {
  product?: ProductView;
  defaultUnit: PackageUnit;
  prefill?: ProductPrefill;
}) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, formProps } = useDomainForm({
    schema: productSchema,
    defaultValues: product ? formValuesOf(product) : emptyProduct(defaultUnit, prefill),
    // The API parses what the merchant typed (pesos, the tariff code's text) with the same schema,
    // so it gets the form's input once the schema accepted it, not the parsed output.
    submit: (): Promise<ProductView> => {
      const input: ProductFormValues = form.getValues();
      return product ? productsApi.update(product.id, input) : productsApi.create(input);
    },
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: t(product ? 'form.updated' : 'form.created', { name: saved.name }),
      });
      form.reset(formValuesOf(saved));
      queryClient.setQueryData(productsKeys.get({ params: { id: saved.id } }), saved);
      await queryClient.invalidateQueries({ queryKey: productsKeys.list() });
      if (!product) {
        guard.allowNext();
        await navigate(productEditPath(saved.id), { replace: true });
      }
    },
  });
  const guard = useLeaveGuard(form.formState.isDirty && !formProps.busy);

  return (
    <>
      <EntityForm<ProductFormValues, unknown>
        form={form}
        formProps={formProps}
        cancelLabel={t('actions.cancel')}
        submitLabel={product ? t('actions.save') : t('actions.create')}
        onCancel={() => void navigate(PRODUCTS_PATH)}
      >
        <MissingNotice />
        <GeneralSection />
        <MediaSection initial={product?.images ?? []} />
        <PricingSection />
        <VariantsSection />
        <ShippingSection />
        <CustomsSection datasheet={product?.datasheet ?? null} product={product} />
      </EntityForm>
      {guard.dialog}
    </>
  );
}
