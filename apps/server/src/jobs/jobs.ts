/** The background jobs, by queue name. */
export const JOB = {
  /** Expires every due coin lot (a wallet is also brought up to date whenever it is used). */
  coinExpiry: 'coin-expiry',
  /** Imports a catalogue manifest, transcoding what needs it, then tells the API processes. */
  catalogImport: 'catalog-import',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

export interface CatalogImportJobData {
  /** Absolute path of the manifest, readable by the worker. */
  manifest: string;
}
