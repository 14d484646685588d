import type { HistoryNarrowing } from '../../../shared/ipc/publication-history';
import { emptyPublicationForm, type PublicationForm } from './publication-form';

/** What a click on a bar or a table cell of the dashboard opens in the list below it. */
export interface HistoryDrill {
  /** The click in words, for the list's heading ("Email, Oct 2026, FAILURE"). */
  what: string;
  narrowing: HistoryNarrowing;
  campaign?: string;
  result?: 'SUCCESS' | 'FAILURE';
  failureCode?: string;
  referral?: boolean;
}

/** The list's filter form for a drill: only what the click chose, everything else cleared. */
export function formOfDrill(drill: HistoryDrill): PublicationForm {
  const form = emptyPublicationForm();
  if (drill.campaign !== undefined) form.campaign = drill.campaign;
  if (drill.result !== undefined) form.result = drill.result;
  if (drill.referral) form.is_referral_code = true;
  if (drill.failureCode !== undefined) form.filters = [{ field: 'failure_code', operator: '$is', value: drill.failureCode }];
  return form;
}
