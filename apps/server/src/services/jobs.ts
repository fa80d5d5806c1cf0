/**
 * The background jobs services hand off, by queue name, and what each carries. The services own
 * them: jobs/ registers a handler for each and runs them (docs/architecture.md#server-layering);
 * the same names label `job_runs_total`.
 */
export const JOB = {
  /** Expires every due coin lot (a wallet is also brought up to date whenever it is used). */
  coinExpiry: 'coin-expiry',
  /** Imports a catalogue manifest, transcoding what needs it, then tells the API processes. */
  catalogImport: 'catalog-import',
  /** Copies a sign-in provider's picture into media storage as the user's avatar. */
  avatarCopy: 'avatar-copy',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

/** What each queue's jobs carry. */
export interface JobData {
  'coin-expiry': Record<string, never>;
  'catalog-import': {
    /** Absolute path of the manifest, readable by the worker. */
    manifest: string;
  };
  'avatar-copy': {
    userId: number;
    /** The provider's picture as its API answered it at this sign-in (https). */
    url: string;
    /**
     * The avatar the copy replaces: the provider URL stored at sign-in. The copy lands only while
     * the user's avatar is still exactly this, so a repeat or a run after the user chose their own
     * avatar changes nothing.
     */
    replaces: string;
  };
}

/** Hands a job to whoever runs jobs here: this process, or the worker through pg-boss. */
export interface JobSender {
  send<N extends JobName>(name: N, data: JobData[N]): Promise<void>;
}
