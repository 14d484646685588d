import type { Locator, Page } from 'playwright-core';

// Steps of the app that several e2e tests take the same way, so a change of the UI is made once.

/** Opens the batches list, creates batch `name` and saves gift-voucher defaults of `giftAmount`. */
export async function createGiftBatch(page: Page, name: string, giftAmount: string): Promise<void> {
  await page.getByRole('button', { name: 'Batches', exact: true }).click();
  await page.getByLabel('New batch').fill(name);
  await page.getByRole('button', { name: 'Create batch' }).click();
  await page.getByRole('heading', { name }).waitFor();
  await page.getByRole('button', { name: 'Defaults' }).click();
  await page.getByLabel('Voucher type').selectOption('GIFT_VOUCHER');
  await page.getByLabel(/Gift amount/).fill(giftAmount);
  await page.getByRole('button', { name: 'Save defaults' }).click();
  await page.getByText('Defaults saved').waitFor();
}

/** The row of operation `id` in the outbox's Operations table. */
export function operationRow(page: Page, id: number): Locator {
  return page
    .getByRole('table', { name: 'Operations' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
}
