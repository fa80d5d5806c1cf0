/** One thing wrong with a manifest or its files, located as precisely as we can. */
export interface ImportProblem {
  /** The drama's slug (when the problem belongs to one). */
  slug?: string;
  /** The episode number (when the problem belongs to one). */
  episode?: number;
  /** The file at fault, as written in the manifest or resolved from it. */
  file?: string;
  /** Where in the manifest JSON, e.g. `dramas[2].episodes[0].title.en` (schema problems). */
  field?: string;
  message: string;
}

export function formatProblem(problem: ImportProblem): string {
  const where = [
    problem.slug !== undefined ? `drama "${problem.slug}"` : undefined,
    problem.episode !== undefined ? `episode ${problem.episode}` : undefined,
    problem.field,
    problem.file,
  ].filter((part): part is string => part !== undefined);
  return where.length > 0 ? `${where.join(', ')}: ${problem.message}` : problem.message;
}

/**
 * The manifest cannot be imported. Thrown before anything is written (storage and database are as
 * they were); carries every problem found, not just the first.
 */
export class CatalogImportError extends Error {
  override readonly name = 'CatalogImportError';
  constructor(readonly problems: readonly ImportProblem[]) {
    super(
      `The catalogue cannot be imported (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((p) => `  - ${formatProblem(p)}`).join('\n')}`,
    );
  }
}
