import { MAX_PARCELS, shipmentProductSchema, type Package } from '@despacho/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldRulesOf } from '../../../../lib/field-rules';
import { controlledCatalogCode } from '../../../../ui/CatalogCodeField';
import { SatProductField } from '../../../../ui/SatProductField';
import { SatUnitField } from '../../../../ui/SatUnitField';
import { ParcelFields } from '../../../../ui/ParcelFields';
import { lengthCountOf } from './FieldCount';
import { VariantPicker } from './VariantPicker';
import { errorAt, hasErrorAt, newPackage, newProduct, type WizardValues } from './model';
import { PesosInput } from '../../../../ui/PesosInput';

const MAX_PRODUCTS = 50;

/** Required marks and length limits of a product, from the schema the step validates with. */
const PRODUCT_RULES = fieldRulesOf(shipmentProductSchema.shape);

/**
 * Step 3: the packages (one to ten), each saved or typed, and the products inside each one as
 * the Carta Porte declares them: description, quantity, SAT product and unit keys and unit value.
 * A package with anything missing says so on its title.
 */
export function PackagesStep({ savedPackages }: { savedPackages?: readonly Package[] }) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const { errors } = form.formState;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'packages' });
  const listError = errorAt(errors, 'packages');

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          {t('packages.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('packages.hint')}
        </Text>
      </div>
      {listError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {listError}
        </Alert>
      )}
      {fields.map((field, index) => (
        <PackageCard
          key={field.id}
          index={index}
          savedPackages={savedPackages}
          onRemove={() => remove(index)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} />}
          disabled={fields.length >= MAX_PARCELS}
          onClick={() => {
            append(newPackage(), { shouldFocus: false });
            if (form.formState.isSubmitted || errors.packages) void form.trigger('packages');
          }}
        >
          {t('packages.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function PackageCard({
  index,
  savedPackages,
  onRemove,
}: {
  index: number;
  savedPackages?: readonly Package[];
  onRemove: () => void;
}) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const { errors } = form.formState;
  const path = `packages.${index}` as const;
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: `${path}.products`,
  });
  const number = index + 1;
  const missing = hasErrorAt(errors, path);
  const productsError = errorAt(errors, `${path}.products`);

  return (
    <Fieldset
      radius="lg"
      aria-invalid={missing || undefined}
      legend={
        <Group gap="xs">
          <Text fw={600}>{t('packages.package', { number })}</Text>
          {missing && (
            <Badge color="red" variant="light">
              {t('packages.missing')}
            </Badge>
          )}
        </Group>
      }
    >
      <Stack gap="md">
        <Group justify="flex-end">
          <Tooltip label={t('packages.remove', { number })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('packages.remove', { number })}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <ParcelFields name={path} savedPackages={savedPackages} />
        <Title order={3} fz="sm" mt="xs">
          {t('packages.products')}
        </Title>
        {productsError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {productsError}
          </Alert>
        )}
        {fields.map((field, productIndex) => (
          <ProductFields
            key={field.id}
            path={`${path}.products.${productIndex}`}
            number={productIndex + 1}
            onRemove={() => remove(productIndex)}
          />
        ))}
        <Group>
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconPlus size={16} />}
            disabled={fields.length >= MAX_PRODUCTS}
            onClick={() => {
              append(newProduct(), { shouldFocus: false });
              if (productsError) form.clearErrors(`${path}.products`);
            }}
          >
            {t('packages.addProduct')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

function ProductFields({
  path,
  number,
  onRemove,
}: {
  path: `packages.${number}.products.${number}`;
  number: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const { errors } = form.formState;
  // What the origin has of the picked variant, when it keeps stock: more is flagged here, and
  // the purchase refuses it (INSUFFICIENT_STOCK, put back under this quantity).
  const [available, setAvailable] = useState<number | undefined>();
  return (
    <Fieldset
      variant="filled"
      radius="md"
      legend={t('packages.product', { number })}
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Stack gap="sm">
        <VariantPicker path={path} onAvailable={setAvailable} />
        <TextInput
          label={t('packages.description')}
          withAsterisk={PRODUCT_RULES.description.required}
          description={lengthCountOf(`${path}.description`, PRODUCT_RULES.description.maxLength)}
          // The remove button beside the input itself, below its label and counter.
          inputContainer={(input) => (
            <Group wrap="nowrap">
              <Box flex={1}>{input}</Box>
              <Tooltip label={t('packages.removeProduct', { number })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('packages.removeProduct', { number })}
                  onClick={onRemove}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
          error={errorAt(errors, `${path}.description`)}
          {...form.register(`${path}.description`)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name={`${path}.quantity`}
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('packages.quantity')}
                withAsterisk={PRODUCT_RULES.quantity.required}
                min={1}
                allowDecimal={false}
                hideControls
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                error={
                  fieldState.error?.message ??
                  (available !== undefined && (field.value ?? 0) > available
                    ? t('packages.overAvailable', { count: available })
                    : undefined)
                }
              />
            )}
          />
          <PesosInput
            label={t('packages.unitValue')}
            withAsterisk={PRODUCT_RULES.unit_value.required}
            error={errorAt(errors, `${path}.unit_value`)}
            {...form.register(`${path}.unit_value`)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name={`${path}.sat_product_code`}
            render={(controller) => (
              <SatProductField
                label={t('packages.satProduct')}
                withAsterisk={PRODUCT_RULES.sat_product_code.required}
                hint={t('packages.satProductHint')}
                {...controlledCatalogCode(controller)}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`${path}.sat_unit_code`}
            render={(controller) => (
              <SatUnitField
                label={t('packages.satUnit')}
                withAsterisk={PRODUCT_RULES.sat_unit_code.required}
                hint={t('packages.satUnitHint')}
                {...controlledCatalogCode(controller)}
              />
            )}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
