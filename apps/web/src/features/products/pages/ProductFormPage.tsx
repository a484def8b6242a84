import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePackages } from '../../../lib/api/packages';
import { prefillOf } from '../../../lib/product-prefill';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { useProduct } from '../api';
import { ProductActions } from '../components/ProductActions';
import { ProductStatusBadge } from '../components/ProductStatusBadge';
import { ProductForm } from '../form/ProductForm';
import { PRODUCTS_PATH } from '../paths';

const Loading = () => (
  <Stack aria-busy="true">
    <Skeleton h={200} radius="lg" />
    <Skeleton h={320} radius="lg" />
  </Stack>
);

/**
 * `products/create`: a new product in the organization's default unit (the packages' one),
 * prefilled from the query string (`productCreatePath`).
 */
export function ProductCreatePage() {
  const { t: nav } = useTranslation('navigation');
  const [query] = useSearchParams();
  const packages = usePackages({ page: 1, pageSize: 1 });
  return (
    <>
      <PageHeader
        title={nav('screens.productsCreate.title')}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.products.title'), to: PRODUCTS_PATH },
          { label: nav('screens.productsCreate.title') },
        ]}
      />
      {packages.isPending ? (
        <Loading />
      ) : (
        <ProductForm
          defaultUnit={packages.data?.default_unit ?? 'cm_kg'}
          prefill={prefillOf(query)}
        />
      )}
    </>
  );
}

/** `products/edit/:id`: the stored product in the form, with archive and delete. */
export function ProductEditPage() {
  const { t: nav } = useTranslation('navigation');
  const { id = '' } = useParams();
  const product = useProduct(id);
  return (
    <>
      <PageHeader
        title={product.data?.name ?? nav('screens.productsEdit.title')}
        badge={product.data && <ProductStatusBadge status={product.data.status} />}
        breadcrumbs={[
          { label: nav('modules.warehousing') },
          { label: nav('screens.products.title'), to: PRODUCTS_PATH },
          { label: nav('screens.productsEdit.title') },
        ]}
        action={product.data && <ProductActions product={product.data} />}
      />
      {product.isError ? (
        <Alert color="red">{messageOf(product.error)}</Alert>
      ) : product.data ? (
        <ProductForm
          key={product.data.updated_at}
          product={product.data}
          defaultUnit={product.data.unit}
        />
      ) : (
        <Loading />
      )}
    </>
  );
}
