import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from '../support';
import { fillNewDestination, fillOnePackage, nextStep, openWizard } from '../shipments/wizard';

// Issue 21: the wizard's −3 became 1 on leaving the field. A quantity out of range stays as
// typed and the step says why it cannot go on.

test('a product quantity of −3 stays −3, with its error, until it is right', async ({
  page,
  request,
}) => {
  await signInAs(page, request, DEMO.owner);
  await openWizard(page);
  await nextStep(page).click();
  await fillNewDestination(page);
  await nextStep(page).click();
  await fillOnePackage(page);
  const quantity = page.getByLabel('Cantidad');
  await quantity.fill('-3');
  await quantity.blur();
  await expect(quantity).toHaveValue('-3');
  await nextStep(page).click();
  await expect(page.getByText('Solo se aceptan números positivos.')).toBeVisible();
  await expect(quantity).toHaveValue('-3');
  await expect(page.getByRole('heading', { name: 'Paquetes y productos' })).toBeVisible();

  await quantity.fill('2');
  await nextStep(page).click();
  await expect(page.getByRole('heading', { name: 'Seguro del envío' })).toBeVisible();
});
