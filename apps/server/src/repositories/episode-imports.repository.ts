import { and, desc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { dramas, episodes, type EpisodeRow, type NewEpisodeRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { episodeImports, type EpisodeImportRow, type EpisodeImportStateValue } from '../db/episode-imports.schema.js';

type NewEpisodeImport = typeof episodeImports.$inferInsert;

const TERMINAL: EpisodeImportStateValue[] = ['ready', 'failed'];
/** The states of a run at work (it claimed the row and moves it on as it goes). */
export const RUNNING_STATES: readonly EpisodeImportStateValue[] = ['probing', 'transcoding', 'storing'];

/** SQL for episode_imports and the episode row an import writes at its end. */
export class EpisodeImportsRepository {
  constructor(private readonly db: Db) {}

  async dramaSlug(dramaId: number, tx: Db = this.db): Promise<string | undefined> {
    const [row] = await tx.select({ slug: dramas.slug }).from(dramas).where(eq(dramas.id, dramaId));
    return row?.slug;
  }

  /** Locks a drama's row (the console's changes to one drama take turns) and marks it changed; false when it is gone. */
  async lockDrama(dramaId: number, now: Date, tx: Db): Promise<boolean> {
    const [row] = await tx.select({ id: dramas.id }).from(dramas).where(eq(dramas.id, dramaId)).for('update');
    if (!row) return false;
    await tx.update(dramas).set({ updatedAt: now }).where(eq(dramas.id, dramaId));
    return true;
  }

  /** The highest episode number of a drama, counting imports in flight, or 0. */
  async lastEpisodeNumber(dramaId: number, tx: Db = this.db): Promise<number> {
    const [episode] = await tx
      .select({ n: max(episodes.number) })
      .from(episodes)
      .where(eq(episodes.dramaId, dramaId));
    const [inFlight] = await tx
      .select({ n: max(episodeImports.episodeNumber) })
      .from(episodeImports)
      .where(and(eq(episodeImports.dramaId, dramaId), notInArray(episodeImports.state, TERMINAL)));
    return Math.max(episode?.n ?? 0, inFlight?.n ?? 0);
  }

  async insert(values: NewEpisodeImport, tx: Db = this.db): Promise<EpisodeImportRow> {
    const [row] = await tx.insert(episodeImports).values(values).returning();
    if (!row) throw new Error('episode_imports insert returned nothing');
    return row;
  }

  async findById(id: number): Promise<EpisodeImportRow | undefined> {
    const [row] = await this.db.select().from(episodeImports).where(eq(episodeImports.id, id));
    return row;
  }

  async findByUploadId(uploadId: string): Promise<EpisodeImportRow | undefined> {
    const [row] = await this.db.select().from(episodeImports).where(eq(episodeImports.uploadId, uploadId));
    return row;
  }

  async listOfDrama(dramaId: number, limit: number): Promise<EpisodeImportRow[]> {
    return this.db
      .select()
      .from(episodeImports)
      .where(eq(episodeImports.dramaId, dramaId))
      .orderBy(desc(episodeImports.id))
      .limit(limit);
  }

  /** Every row not yet ready or failed (the sweep's scan; few at any time). */
  async listUnfinished(): Promise<EpisodeImportRow[]> {
    return this.db.select().from(episodeImports).where(notInArray(episodeImports.state, TERMINAL));
  }

  /** The rows of these uploads (the sweep matches staged files to them). */
  async findByUploadIds(uploadIds: readonly string[]): Promise<EpisodeImportRow[]> {
    if (uploadIds.length === 0) return [];
    return this.db
      .select()
      .from(episodeImports)
      .where(inArray(episodeImports.uploadId, [...uploadIds]));
  }

  /** `uploading` → `queued` once every byte is in; undefined when the row was not uploading. */
  async markQueued(uploadId: string, now: Date): Promise<EpisodeImportRow | undefined> {
    const [row] = await this.db
      .update(episodeImports)
      .set({ state: 'queued', percent: 0, updatedAt: now })
      .where(and(eq(episodeImports.uploadId, uploadId), eq(episodeImports.state, 'uploading')))
      .returning();
    return row;
  }

  /**
   * A run takes a queued import: `probing`, one more attempt. Undefined when the row is not queued
   * (another run has it, or it is finished): the caller then does nothing.
   */
  async claim(id: number, now: Date): Promise<EpisodeImportRow | undefined> {
    const [row] = await this.db
      .update(episodeImports)
      .set({
        state: 'probing',
        percent: 0,
        attempts: sql`${episodeImports.attempts} + 1`,
        updatedAt: now,
      })
      .where(and(eq(episodeImports.id, id), eq(episodeImports.state, 'queued')))
      .returning();
    return row;
  }

  /** A run's progress; false when the row is no longer this run's (`attempt`) to write. */
  async progress(
    id: number,
    attempt: number,
    state: EpisodeImportStateValue,
    percent: number,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(episodeImports)
      .set({ state, percent, updatedAt: now })
      .where(this.ownedBy(id, attempt))
      .returning({ id: episodeImports.id });
    return rows.length > 0;
  }

  /** Back to `queued` for another run (the sweep, or a run that broke with tries left). */
  async requeue(id: number, attempt: number, message: string | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(episodeImports)
      .set({ state: 'queued', percent: 0, errorMessage: message, updatedAt: now })
      .where(this.ownedBy(id, attempt))
      .returning({ id: episodeImports.id });
    return rows.length > 0;
  }

  /** Moves updated_at on without a change (the sweep handing a queued import to a new job). */
  async touch(id: number, state: EpisodeImportStateValue, now: Date): Promise<void> {
    await this.db
      .update(episodeImports)
      .set({ updatedAt: now })
      .where(and(eq(episodeImports.id, id), eq(episodeImports.state, state)));
  }

  /**
   * `failed` with a code and message. With `attempt`, only while the row is that run's; without,
   * from whatever unfinished state it is in (the sweep, an operator cancelling).
   */
  async fail(
    id: number,
    attempt: number | undefined,
    error: { code: number | null; message: string },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(episodeImports)
      .set({ state: 'failed', errorCode: error.code, errorMessage: error.message, updatedAt: now })
      .where(
        attempt === undefined
          ? and(eq(episodeImports.id, id), notInArray(episodeImports.state, TERMINAL))
          : this.ownedBy(id, attempt),
      )
      .returning({ id: episodeImports.id });
    return rows.length > 0;
  }

  /** Locks the row for the import's last transaction, if it is still this run's. */
  async lockOwned(id: number, attempt: number, tx: Db): Promise<EpisodeImportRow | undefined> {
    const [row] = await tx.select().from(episodeImports).where(this.ownedBy(id, attempt)).for('update');
    return row;
  }

  async markReady(id: number, episodeId: number, replaced: boolean, now: Date, tx: Db): Promise<void> {
    await tx
      .update(episodeImports)
      .set({ state: 'ready', percent: 100, episodeId, replaced, errorCode: null, errorMessage: null, updatedAt: now })
      .where(eq(episodeImports.id, id));
  }

  async findEpisodeForUpdate(dramaId: number, number: number, tx: Db): Promise<EpisodeRow | undefined> {
    const [row] = await tx
      .select()
      .from(episodes)
      .where(and(eq(episodes.dramaId, dramaId), eq(episodes.number, number)))
      .for('update');
    return row;
  }

  async insertEpisode(values: NewEpisodeRow, tx: Db): Promise<EpisodeRow> {
    const [row] = await tx.insert(episodes).values(values).returning();
    if (!row) throw new Error('episode insert returned nothing');
    return row;
  }

  async setEpisodeMedia(id: number, media: { mediaDir: string; durationS: number }, tx: Db): Promise<void> {
    await tx.update(episodes).set(media).where(eq(episodes.id, id));
  }

  private ownedBy(id: number, attempt: number) {
    return and(
      eq(episodeImports.id, id),
      eq(episodeImports.attempts, attempt),
      notInArray(episodeImports.state, [...TERMINAL, 'queued', 'uploading']),
    );
  }
}
