/**
 * The metadata key a created reward, or a voucher added to a campaign, carries (the operation's uid),
 * so that after an uncertain write the service can be read to tell whether this sync wrote it.
 */
export const OPERATION_MARKER_KEY = 'voucher_desk_operation';
