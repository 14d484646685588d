// What each CSV column becomes, said with the grid's column names (the JSON field in a tooltip).

const BECOMES: Readonly<Record<string, string>> = {
  code: 'Code',
  voucher_type: 'Type',
  value: 'Value: the gift amount of a gift card, or the discount (amount, percent, fixed price or units, by Discount Type)',
  discount_type: 'Value: the kind of discount (AMOUNT, PERCENT, FIXED or UNIT)',
  category: 'Category',
  start_date: 'Start date',
  expiration_date: 'Expiration date',
  redemption_limit: 'Redemption limit (empty means unlimited)',
  redeemed_quantity: 'Redeemed quantity (CSV sync only)',
  redeemed_amount: 'Redeemed amount (CSV sync only)',
  active: 'Active',
  additional_info: 'Additional info',
};

export function columnBecomes(column: { target: string; metadataKey?: string | undefined; description: string }): string {
  if (column.target === 'metadata') return `Metadata "${column.metadataKey ?? ''}"`;
  if (column.target === 'ignored') return column.description.replace(/^ignored: /, 'Not imported: ');
  return BECOMES[column.target] ?? column.description;
}
