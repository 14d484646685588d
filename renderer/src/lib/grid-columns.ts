import { problemWords } from '../../../shared/domain/problem-words';
import type { DraftRowView, ProblemView } from '../../../shared/ipc/batches';
import {
  DATE_HINT,
  emptyForm,
  metadataChange,
  metadataForm,
  metadataText,
  redemptionChange,
  redemptionText,
  textChange,
  valueChange,
  valueForm,
  valueText,
  type CellChange,
  type EditForm,
  type EditorKind,
} from './grid-edit';

export interface GridColumn {
  id: string;
  label: string;
  width: number;
  value(row: DraftRowView): string;
  /** How the cell is edited; absent for columns that only show. */
  editor?: EditorKind;
  /** For a select: its options, value and label; '' means "as the batch defaults say". */
  options?: readonly { value: string; label: string }[];
  /** Shown under the editor: the accepted formats or range. */
  hint?: string;
  /** The editor's form for this row. */
  read?(row: DraftRowView): EditForm;
  /** The change the edited form asks for. */
  write?(form: EditForm, row: DraftRowView): CellChange;
  /** The draft fields whose problems the cell shows. */
  owns?: readonly string[];
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

const TYPE_NAMES: Readonly<Record<string, string>> = { GIFT_VOUCHER: 'Gift card', DISCOUNT_VOUCHER: 'Discount' };
const INHERIT = { value: '', label: '(batch default)' };

/** A column edited as one line of text, read from and written to one top-level field. */
function textColumn(id: string, label: string, width: number, hint?: string): GridColumn {
  return {
    id,
    label,
    width,
    editor: id.endsWith('_date') ? 'date' : 'text',
    ...(hint ? { hint } : {}),
    value: (r) => text(r.draft[id]),
    read: (r) => ({ ...emptyForm(), text: text(r.fields[id]) }),
    write: (form) => textChange(id, form.text),
  };
}

export const GRID_COLUMNS: readonly GridColumn[] = [
  { id: 'row', label: 'Row', width: 90, value: (r) => String(r.row) },
  {
    id: 'code',
    label: 'Code',
    width: 220,
    editor: 'text',
    value: (r) => r.code,
    read: (r) => ({ ...emptyForm(), text: r.code }),
    write: (form) => ({ code: form.text }),
  },
  {
    id: 'type',
    label: 'Type',
    width: 120,
    editor: 'select',
    options: [INHERIT, { value: 'DISCOUNT_VOUCHER', label: 'Discount' }, { value: 'GIFT_VOUCHER', label: 'Gift card' }],
    value: (r) => TYPE_NAMES[text(r.draft['type'])] ?? text(r.draft['type']),
    read: (r) => ({ ...emptyForm(), text: text(r.fields['type']) }),
    write: (form) => textChange('type', form.text),
  },
  {
    id: 'value',
    label: 'Value',
    width: 190,
    editor: 'value',
    hint: 'Amounts in the smallest currency unit: 12.50 is 1250',
    owns: ['gift', 'discount'],
    value: (r) => valueText(r.draft),
    read: (r) => valueForm(r.draft),
    write: (form) => valueChange(form),
  },
  textColumn('category', 'Category', 130),
  textColumn('start_date', 'Start date', 190, DATE_HINT),
  textColumn('expiration_date', 'Expiration date', 190, DATE_HINT),
  {
    id: 'redemption',
    label: 'Redemption limit',
    width: 140,
    editor: 'text',
    hint: 'A whole number, 1 or more; empty to inherit',
    value: (r) => redemptionText(r.draft),
    read: (r) => ({ ...emptyForm(), text: text((r.fields['redemption'] as { quantity?: unknown } | undefined)?.quantity) }),
    write: (form, r) => redemptionChange(r, form.text),
  },
  {
    id: 'active',
    label: 'Active',
    width: 90,
    editor: 'select',
    options: [INHERIT, { value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }],
    value: (r) => (r.draft['active'] === undefined ? '' : r.draft['active'] === false ? 'No' : r.draft['active'] === true ? 'Yes' : text(r.draft['active'])),
    read: (r) => ({ ...emptyForm(), text: text(r.fields['active']) }),
    write: (form) => textChange('active', form.text, (v) => v === 'true'),
  },
  textColumn('additional_info', 'Additional info', 180),
  {
    id: 'metadata',
    label: 'Metadata',
    width: 200,
    editor: 'metadata',
    value: (r) => metadataText(r.draft),
    read: (r) => metadataForm(r.draft),
    write: (form) => metadataChange(form),
  },
  { id: 'problems', label: 'Problems', width: 460, value: (r) => r.problems.map((p) => problemWords(p).text).join(' ') },
];

/** The problems shown on a cell: those about its fields (`discount.percent_off` belongs to Value). */
export function cellProblems(row: DraftRowView, column: GridColumn): ProblemView[] {
  if (!column.editor) return [];
  const owns = column.owns ?? [column.id];
  return row.problems.filter((p) => owns.includes(p.field.split(/[.[]/)[0] ?? ''));
}
