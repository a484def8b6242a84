import {
  CLASSIFICATION_RULES,
  classificationRequestCreateSchema,
  hasPermission,
  type ClassificationQuote,
} from '@despacho/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { FormProvider, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useWalletBalance } from '../../../lib/api/wallet';
import { useDomainForm } from '../../../lib/useDomainForm';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { useClassificationQuote, useRequestClassification } from '../api';
import { ClassificationInputsFields } from '../components/ClassificationInputsFields';
import { ClassificationStatusBadge } from '../components/ClassificationStatusBadge';
import { ClassificationSummary, coversFee } from '../components/ClassificationSummary';
import { ProductPicker } from '../../../ui/ProductPicker';
import { missingInputs } from '../missing-inputs';
import { CLASSIFICATIONS_PATH, classificationPath, productEditPath } from '../paths';

type QuotedProduct = ClassificationQuote['products'][number];

const blankItem = (productId: string) => ({
  product_id: productId,
  description: '',
  materials: '',
  use: '',
  brand: '',
  model: '',
  origin_country: '',
  notes: '',
});

/**
 * `tariff-classification/create`: the merchant picks products of the catalogue, completes per
 * product what a classifier needs (prefilled from the product), sees what is still missing, the
 * price, the balance it is held from and the due date, then pays: every product or none.
 */
export function ClassificationCreatePage() {
  const { t } = useTranslation('classification');
  const { t: nav } = useTranslation('navigation');
  const navigate = useNavigate();
  const permissions = useSession()?.user.permissions ?? [];
  const balance = useWalletBalance();
  const request = useRequestClassification();
  const names = useRef(new Map<string, string>());
  const { form, formProps } = useDomainForm({
    schema: classificationRequestCreateSchema,
    defaultValues: { items: [] },
    submit: (values) => request.mutateAsync(values),
    onSuccess: (created) => {
      notifications.show({ color: 'green', message: t('create.sent', { number: created.number }) });
      void navigate(classificationPath(created.id));
    },
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const watched = useWatch({ control: form.control, name: 'items' }) ?? [];
  const productIds = items.fields.map((field) => field.product_id);
  const quote = useClassificationQuote(productIds);
  const quoted = new Map((quote.data?.products ?? []).map((row) => [row.product.id, row]));

  // What the product already holds fills the blanks once, when its quote first arrives.
  const prefilled = useRef(new Set<string>());
  useEffect(() => {
    for (const row of quote.data?.products ?? []) {
      const index = productIds.indexOf(row.product.id);
      if (index < 0 || prefilled.current.has(row.product.id)) continue;
      prefilled.current.add(row.product.id);
      for (const [key, value] of Object.entries(row.inputs)) {
        const path = `items.${index}.${key}` as const;
        if (value && !form.getValues(path as `items.${number}.description`)) {
          form.setValue(path as `items.${number}.description`, value);
        }
      }
    }
  }, [quote.data, productIds, form]);

  const available = balance.data?.available_centavos ?? null;
  const count = items.fields.length;
  const blocked = [...quoted.values()].filter((row) => row.open_status !== null);
  const missing = items.fields.flatMap((field, index) => {
    const keys = missingInputs(watched[index] ?? {});
    return keys.length > 0 ? [{ id: field.product_id, keys }] : [];
  });
  const nameOf = (id: string) => quoted.get(id)?.product.name ?? names.current.get(id) ?? '';
  const canPay = count > 0 && coversFee(available, count) && blocked.length === 0;

  return (
    <>
      <PageHeader
        title={nav('screens.tariffClassificationCreate.title')}
        breadcrumbs={[
          { label: nav('modules.international_trade') },
          { label: nav('screens.tariffClassification.title'), to: CLASSIFICATIONS_PATH },
          { label: nav('screens.tariffClassificationCreate.title') },
        ]}
        subtitle={t('create.subtitle')}
      />
      <FormProvider {...form}>
        <form onSubmit={formProps.onSubmit} noValidate>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <Paper withBorder radius="lg" p="md">
                  <ProductPicker
                    label={t('create.pick')}
                    placeholder={t('create.pickPlaceholder')}
                    picked={productIds}
                    disabled={count >= CLASSIFICATION_RULES.itemsMax}
                    onPick={(product) => {
                      names.current.set(product.id, product.name);
                      items.append(blankItem(product.id));
                    }}
                  />
                  {count === 0 && (
                    <Text fz="sm" c="dimmed" mt="sm">
                      {t('create.none')}
                    </Text>
                  )}
                </Paper>
                {missing.length > 0 && (
                  <Alert
                    color="yellow"
                    variant="light"
                    icon={<IconAlertTriangle size={18} />}
                    title={t('create.missingTitle', { count: missing.length })}
                    data-testid="missing-inputs"
                  >
                    <List fz="sm" spacing={2}>
                      {missing.map(({ id, keys }) => (
                        <List.Item key={id}>
                          {t('create.missingItem', {
                            product: nameOf(id),
                            fields: keys.map((key) => t(`inputs.${key}`)).join(', '),
                          })}
                        </List.Item>
                      ))}
                    </List>
                  </Alert>
                )}
                {items.fields.map((field, index) => (
                  <ProductInputsCard
                    key={field.id}
                    index={index}
                    name={nameOf(field.product_id)}
                    quoted={quoted.get(field.product_id)}
                    onRemove={() => {
                      prefilled.current.delete(field.product_id);
                      items.remove(index);
                    }}
                  />
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="lg" p="md" pos="sticky" top={80}>
                <Stack gap="md">
                  <Title order={2} fz="h4">
                    {t('create.summary')}
                  </Title>
                  <ClassificationSummary
                    count={count}
                    available={balance.isPending ? null : available}
                    dueDate={quote.data?.due_date ?? null}
                    canDeposit={hasPermission(permissions, 'finances.deposits')}
                  />
                  {formProps.error && (
                    <Alert color="red" variant="light" role="alert">
                      {formProps.error}
                    </Alert>
                  )}
                  <Button type="submit" size="md" loading={formProps.busy} disabled={!canPay}>
                    {t('create.pay')}
                  </Button>
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </form>
      </FormProvider>
    </>
  );
}

/** One picked product: its inputs, what helps the classifier (data sheet, photos), remove. */
function ProductInputsCard({
  index,
  name,
  quoted,
  onRemove,
}: {
  index: number;
  name: string;
  quoted: QuotedProduct | undefined;
  onRemove: () => void;
}) {
  const { t } = useTranslation('classification');
  const productId = quoted?.product.id;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Stack gap={0}>
          <Text fw={700}>{name}</Text>
          {quoted?.product.sku && (
            <Text fz="xs" c="dimmed">
              {quoted.product.sku}
            </Text>
          )}
        </Stack>
        <CloseButton aria-label={t('create.remove', { product: name })} onClick={onRemove} />
      </Group>
      {quoted?.open_status && (
        <Alert color="red" variant="light" mb="sm" role="alert">
          <Group gap="xs">
            <ClassificationStatusBadge status={quoted.open_status} />
            <Text fz="sm">{t('create.alreadyOpen')}</Text>
          </Group>
        </Alert>
      )}
      <ClassificationInputsFields prefix={`items.${index}`} />
      {quoted && (
        <Group gap="xs" mt="sm">
          <Badge variant="light" color={quoted.has_datasheet ? 'green' : 'gray'}>
            {t(quoted.has_datasheet ? 'create.datasheet' : 'create.noDatasheet')}
          </Badge>
          <Badge variant="light" color={quoted.images_count > 0 ? 'green' : 'gray'}>
            {t('create.photos', { count: quoted.images_count })}
          </Badge>
          {productId && (!quoted.has_datasheet || quoted.images_count === 0) && (
            <Anchor component={Link} to={productEditPath(productId)} fz="sm">
              {t('create.addFiles')}
            </Anchor>
          )}
        </Group>
      )}
    </Paper>
  );
}
