import { expect, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';

/**
 * From an order's page: «Enviar» `units` of its line, from `originAlias`, in a 30×20×15 cm,
 * 2 kg parcel, with the first rate (the rates step axe-clean); answers once the order's page shows the guide bought.
 */
export async function fulfilWithLabel(
  page: Page,
  { units, originAlias }: { units: number; originAlias: string },
): Promise<void> {
  await page.getByRole('link', { name: 'Enviar' }).click();
  await page
    .getByLabel(/^Unidades de .* a enviar/)
    .first()
    .fill(String(units));
  await page
    .getByLabel(/^Origen/)
    .first()
    .click();
  await page.getByRole('option', { name: new RegExp(originAlias) }).click();
  await page
    .getByLabel(/^Largo/)
    .first()
    .fill('30');
  await page
    .getByLabel(/^Ancho/)
    .first()
    .fill('20');
  await page.getByLabel(/^Alto/).first().fill('15');
  await page.getByLabel(/^Peso/).first().fill('2');
  await page.getByRole('button', { name: 'Cotizar' }).click();
  await page
    .getByRole('button', { name: /Elegir/ })
    .first()
    .click();
  // The chosen rate's row is tinted: its links must still read (axe's colour contrast).
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Comprar guía' }).click();
  await expect(page.getByText(/^Guía .+ comprada$/)).toBeVisible();
}
