import { productSchema, variantTitle } from '@despacho/domain';
import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProductFormValues } from './product-form';

/** The paths publishing still needs, read from the shared rules on what the form holds now. */
function missingOf(values: ProductFormValues): (string | number)[][] {
  const result = productSchema.safeParse({ ...values, status: 'ACTIVE' });
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.message === 'required_to_publish')
    .map((issue) => issue.path as (string | number)[]);
}

/** What a product lacks to be published ("Publicado"), as a list above the form. */
export function MissingNotice() {
  const { t } = useTranslation('products');
  const values = useWatch<ProductFormValues>() as ProductFormValues;
  const missing = missingOf(values);
  if (missing.length === 0) return null;

  const label = ([first, index, field]: (string | number)[]) => {
    if (first !== 'variants') return t(`missing.${String(first)}`);
    const variant = values.variants[Number(index)];
    return t('form.variantField', {
      field: t(`missing.${String(field)}`),
      variant: variantTitle(variant?.option_values ?? []) ?? t('form.defaultVariant'),
    });
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t('missing.title')}
    >
      <List fz="sm" spacing={2}>
        {missing.map((path) => (
          <List.Item key={path.join('.')}>{label(path)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
