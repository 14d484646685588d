/** A stored publication: the list item as the service shows it, plus the values its filters read. */
export interface PublicationDoc {
  item: Record<string, unknown> & { id: string; created_at: string; customer_id: string; channel: string };
  facts: {
    failure_code: string | null;
    result: 'SUCCESS' | 'FAILURE';
    customer_id: string;
    campaign_name: string | null;
    voucher_type: 'discount' | 'loyalty' | 'gift' | null;
    is_referral_code: boolean;
    parent_object_id: string | null;
    related_object_id: string | null;
    source_id: string | null;
    voucher_code: string | null;
    tracking_id: string | null;
    codes: string[];
  };
}
