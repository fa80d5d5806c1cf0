/**
 * The background jobs services hand off, by queue name, and what each carries. The services own
 * them: jobs/ registers a handler for each and runs them (docs/architecture.md#server-layering);
 * the same names label `job_runs_total`.
 */
export const JOB = {
  /** Expires every due coin lot (a wallet is also brought up to date whenever it is used). */
  coinExpiry: 'coin-expiry',
  /** Counts the home charts from the last two weeks' plays and the favourites (docs/product.md#charts). */
  chartsRefresh: 'charts-refresh',
  /** Imports a catalogue manifest, transcoding what needs it, then tells the API processes. */
  catalogImport: 'catalog-import',
  /** Copies a sign-in provider's picture into media storage as the user's avatar. */
  avatarCopy: 'avatar-copy',
  /** Makes an episode of a video uploaded through the console (docs/console.md#uploading-episodes). */
  episodeImport: 'episode-import',
  /** Expires unfinished console uploads and gives stalled episode imports to a new run. */
  episodeUploadSweep: 'episode-upload-sweep',
  /** Rolls the recent days' plays up for the console's Numbers (docs/console.md#numbers). */
  reportsRefresh: 'reports-refresh',
  /** Recomputes the For You feed's co-watch neighbours and trending dramas (docs/recommendations.md). */
  recommendationsRefresh: 'recommendations-refresh',
  /** Notifies the viewers following a drama of its new episode, then sends (docs/notifications.md). */
  pushNewEpisode: 'push-new-episode',
  /** Every minute: the check-in and VIP renewal reminders due, then every due notification. */
  pushReminders: 'push-reminders',
  /** Tells the CDN to drop media that stopped being served (docs/cdn.md#purging). */
  edgePurge: 'edge-purge',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

/** What each queue's jobs carry. */
export interface JobData {
  'coin-expiry': Record<string, never>;
  'charts-refresh': Record<string, never>;
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
  'episode-import': {
    /** The episode_imports row; the run claims it, so a repeat of a job that already ran does nothing. */
    importId: number;
  };
  'episode-upload-sweep': Record<string, never>;
  'reports-refresh': Record<string, never>;
  'push-new-episode': {
    /** The episode just added; a drama not released yet notifies nobody. */
    episodeId: number;
  };
  'push-reminders': Record<string, never>;
  'recommendations-refresh': Record<string, never>;
  'edge-purge': {
    /** Media path prefixes no longer served: `episodes/<slug>/<dir>` or `episodes/<slug>`. */
    scopes: string[];
    /** Names the request across its retries (CloudFront's caller reference). */
    reference: string;
  };
}

/** Hands a job to whoever runs jobs here: this process, or the worker through pg-boss. */
export interface JobSender {
  send<N extends JobName>(name: N, data: JobData[N]): Promise<void>;
}
