import { QueryClientProvider } from '@tanstack/react-query';
import type { EpisodeImport } from '@cliffhanger/contract/console';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createConsoleQueryClient } from '../../../app/App';
import { fakeConsoleApi } from '../../../test/fake-console-api';
import { EpisodeUpload } from './EpisodeUpload';

/**
 * tus-js-client stands in as a fake that records how it was set up and replays what a test says
 * the server did: progress, the upload's URL, success or a refusal.
 */
const tus = vi.hoisted(() => {
  interface Options {
    metadata: Record<string, string>;
    headers: Record<string, string>;
    retryDelays: number[];
    onUploadUrlAvailable: () => void;
    onProgress: (sent: number, total: number) => void;
    onSuccess: () => void;
    onError: (error: Error) => void;
  }
  class DetailedError extends Error {
    constructor(readonly originalResponse: { getStatus(): number; getBody(): string } | null) {
      super('refused');
    }
  }
  const state = {
    uploads: [] as FakeUpload[],
    previous: [] as { metadata: Record<string, string>; uploadUrl: string }[],
    /** What each started upload does; by default it sends everything and succeeds. */
    script: (upload: FakeUpload) => {
      upload.url = `/console/api/v1/uploads/up${state.uploads.indexOf(upload) + 1}`;
      upload.options.onUploadUrlAvailable();
      upload.options.onProgress(upload.file.size / 2, upload.file.size);
      upload.options.onProgress(upload.file.size, upload.file.size);
      upload.options.onSuccess();
    },
  };
  class FakeUpload {
    url: string | null = null;
    resumedFrom: unknown = null;
    started = false;
    constructor(
      readonly file: File,
      readonly options: Options,
    ) {
      state.uploads.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve(state.previous);
    }
    resumeFromPreviousUpload(previous: unknown) {
      this.resumedFrom = previous;
    }
    start() {
      this.started = true;
      setTimeout(() => state.script(this), 0);
    }
    abort() {
      return Promise.resolve();
    }
  }
  return { state, FakeUpload, DetailedError };
});
vi.mock('tus-js-client', () => ({ Upload: tus.FakeUpload, DetailedError: tus.DetailedError }));

const user = userEvent.setup({ delay: null });
const DRAMA = 7;

function importOf(id: number, uploadId: string, extra: Partial<EpisodeImport>): EpisodeImport {
  return {
    id,
    drama_id: DRAMA,
    episode_number: 2 + id,
    upload_id: uploadId,
    operator_id: 1,
    filename: `file-${id}.mp4`,
    size_bytes: 100,
    state: 'queued',
    percent: 0,
    error_code: null,
    error_message: null,
    episode_id: null,
    replaced: false,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...extra,
  };
}

function video(name: string): File {
  return new File([new Uint8Array(100)], name, { type: 'video/mp4' });
}

function renderUpload(imports: () => EpisodeImport[]) {
  const api = fakeConsoleApi({ [`GET /catalogue/dramas/${DRAMA}/imports`]: () => ({ data: { imports: imports() } }) });
  render(
    <QueryClientProvider client={createConsoleQueryClient()}>
      <EpisodeUpload dramaId={DRAMA} />
    </QueryClientProvider>,
  );
  return api;
}

beforeEach(() => {
  tus.state.uploads.length = 0;
  tus.state.previous = [];
});

describe('EpisodeUpload', () => {
  it('uploads several files one after another as the next episodes, in name order, with the console header', async () => {
    let imports: EpisodeImport[] = [];
    renderUpload(() => imports);
    await user.upload(screen.getByLabelText('Video files'), [video('ep-10.mp4'), video('ep-9.mp4')]);
    imports = [
      importOf(1, 'up1', { filename: 'ep-9.mp4', episode_number: 3, state: 'transcoding', percent: 40 }),
      importOf(2, 'up2', { filename: 'ep-10.mp4', episode_number: 4, state: 'queued' }),
    ];
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(tus.state.uploads).toHaveLength(2));
    const [first, second] = tus.state.uploads;
    expect(first!.file.name).toBe('ep-9.mp4');
    expect(second!.file.name).toBe('ep-10.mp4');
    expect(first!.options.metadata).toEqual({
      drama_id: '7',
      episode: 'next',
      filename: 'ep-9.mp4',
      filetype: 'video/mp4',
    });
    expect(first!.options.headers).toEqual({ 'x-console-request': '1' });
    expect(first!.options.retryDelays.length).toBeGreaterThan(3);

    const mine = within(screen.getByRole('list'));
    expect(await mine.findByText('Transcoding 40%')).toBeInTheDocument();
    expect(await mine.findByText('Waiting to be imported')).toBeInTheDocument();
    expect(mine.getByText(/ep-9\.mp4 · Episode 3/)).toBeInTheDocument();
  });

  it("shows an import that failed because the file is not a video, with the server's finding", async () => {
    const imports = [
      importOf(1, 'other', {
        filename: 'notes.mp4',
        state: 'failed',
        error_code: 80009,
        error_message: 'notes.mp4: source video is not usable: ffprobe cannot read it',
      }),
    ];
    renderUpload(() => imports);
    const table = within(await screen.findByRole('table'));
    expect(table.getByText('This file is not a usable video.')).toBeInTheDocument();
    expect(table.getByText(/Details: notes\.mp4: source video is not usable/)).toBeInTheDocument();
  });

  it('says why the server refused an upload before any byte (a file too large)', async () => {
    tus.state.script = (upload) =>
      upload.options.onError(
        new tus.DetailedError({
          getStatus: () => 413,
          getBody: () => JSON.stringify({ code: 10004, message: 'Maximum size exceeded', data: null }),
        }),
      );
    renderUpload(() => []);
    await user.upload(screen.getByLabelText('Video files'), [video('huge.mp4')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The file is too large.')).toBeInTheDocument();
    expect(screen.getByText('Upload failed')).toBeInTheDocument();
  });

  it('resumes an upload this browser began for the same drama and episode, not one for another drama', async () => {
    const sameDrama = { metadata: { drama_id: '7', episode: '5' }, uploadUrl: '/console/api/v1/uploads/old' };
    tus.state.previous = [
      { metadata: { drama_id: '8', episode: '5' }, uploadUrl: '/console/api/v1/uploads/x' },
      sameDrama,
    ];
    tus.state.script = () => undefined;
    renderUpload(() => []);
    await user.upload(screen.getByLabelText('Video files'), [video('ep-5.mp4')]);
    await user.click(screen.getByLabelText('Episode number (its video is replaced if it exists)'));
    await user.type(screen.getByRole('spinbutton', { name: 'Episode number' }), '5');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(tus.state.uploads[0]?.started).toBe(true));
    expect(tus.state.uploads[0]!.options.metadata.episode).toBe('5');
    expect(tus.state.uploads[0]!.resumedFrom).toBe(sameDrama);
  });
});
