import { productSchema, skuKey, type PackageUnit, type ProductView } from '@despacho/domain';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/http';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { productsApi, productsKeys } from '../api';
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
 * Creates (`product` absent, in `defaultUnit`) or edits a product: one form in sections,
 * validated with the API's own schema. A taken SKU lands under its variant's SKU; leaving with
 * unsaved changes asks first. Saving a new product opens its edit page.
 */
export function ProductForm({
  product,
  defaultUnit,
}: {
  product?: ProductView;
  defaultUnit: PackageUnit;
}) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, formProps } = useDomainForm({
    schema: productSchema,
    defaultValues: product ? formValuesOf(product) : emptyProduct(defaultUnit),
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
    onError: (error) => skuTaken(error),
  });
  const guard = useLeaveGuard(form.formState.isDirty && !formProps.busy);

  /** PRODUCT_ALREADY_REGISTERED names the SKU: its message goes under that variant's SKU. */
  function skuTaken(error: unknown): boolean {
    if (!(error instanceof ApiError) || error.code !== 'PRODUCT_ALREADY_REGISTERED') return false;
    const sku = typeof error.details.sku === 'string' ? skuKey(error.details.sku) : null;
    const index = form
      .getValues('variants')
      .findIndex((variant) => typeof variant.sku === 'string' && skuKey(variant.sku) === sku);
    if (index < 0) return false;
    form.setError(`variants.${index}.sku`, { type: 'server', message: error.message });
    form.setFocus(`variants.${index}.sku`);
    return true;
  }

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
        <CustomsSection datasheet={product?.datasheet ?? null} />
      </EntityForm>
      {guard.dialog}
    </>
  );
}
