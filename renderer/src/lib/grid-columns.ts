import type { DraftRowView, ProblemView } from '../../../shared/ipc/batches';

export interface GridColumn {
  id: string;
  label: string;
  /** The draft field an edit sets; absent for columns that only show. */
  field?: 'code' | 'category' | 'start_date' | 'expiration_date' | 'additional_info';
  width: number;
  value(row: DraftRowView): string;
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function valueOf(draft: Record<string, unknown>): string {
  const gift = draft['gift'] as { amount?: unknown } | undefined;
  if (gift) return `gift ${text(gift.amount)}`;
  const discount = draft['discount'] as Record<string, unknown> | undefined;
  if (!discount) return '';
  const amount = discount['percent_off'] ?? discount['amount_off'] ?? discount['unit_off'] ?? discount['fixed_amount'] ?? '';
  return `${text(discount['type']).toLowerCase()} ${text(amount)}`.trim();
}

export const GRID_COLUMNS: readonly GridColumn[] = [
  { id: 'row', label: 'Row', width: 70, value: (r) => String(r.row) },
  { id: 'code', label: 'Code', field: 'code', width: 190, value: (r) => r.code },
  { id: 'type', label: 'Type', width: 150, value: (r) => text(r.draft['type']) },
  { id: 'value', label: 'Value', width: 130, value: (r) => valueOf(r.draft) },
  { id: 'category', label: 'Category', field: 'category', width: 120, value: (r) => text(r.draft['category']) },
  { id: 'start_date', label: 'Start date', field: 'start_date', width: 190, value: (r) => text(r.draft['start_date']) },
  { id: 'expiration_date', label: 'Expiration date', field: 'expiration_date', width: 190, value: (r) => text(r.draft['expiration_date']) },
  { id: 'problems', label: 'Problems', width: 360, value: (r) => r.problems.map((p) => p.message).join('; ') },
];

/** The problems shown on a cell: those about its field (`discount.percent_off` belongs to Value). */
export function cellProblems(row: DraftRowView, column: GridColumn): ProblemView[] {
  if (column.id === 'problems' || column.id === 'row') return [];
  const owner = (p: ProblemView): string => {
    const head = p.field.split(/[.[]/)[0] ?? '';
    return head === 'gift' || head === 'discount' ? 'value' : head;
  };
  return row.problems.filter((p) => owner(p) === column.id);
}
