/** What every panel of the batch editor gets: its batch, and where to report. The bridge comes from context. */
export interface BatchPanelProps {
  batchId: number;
  ondone: () => void;
  onerror: (error: unknown) => void;
}
