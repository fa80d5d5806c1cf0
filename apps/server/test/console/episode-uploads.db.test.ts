import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { Code } from '@cliffhanger/contract';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_UPLOADS_URL,
  type EpisodeImport,
  isTerminalImportState,
} from '@cliffhanger/contract/console';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeImports } from '../../src/db/episode-imports.schema.js';
import { episodes } from '../../src/db/catalog.schema.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { consoleHeaders, signedInOperator, type ConsoleOperator } from '../helpers/console-operator.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { TestClock } from '../helpers/test-clock.js';
import { createUpload, patchUpload, TUS, uploadInChunks, uploadMetadata, uploadOffset } from '../helpers/tus-upload.js';

/**
 * Episode uploads over tus, under the console's guard: refusals before any byte, chunks and the
 * offset, a connection cut and resumed, and an upload that is not a video failing its import with
 * 80009 while viewers see nothing of it. (A real video's way to a playable episode:
 * episode-import.db.test.ts.)
 */
let t: TestApp;
const clock = new TestClock();
let editor: ConsoleOperator;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { CONSOLE_UPLOAD_MAX_BYTES: String(4 * 1024 * 1024) } });
  editor = await signedInOperator(t.app, clock, 'editor');
});
afterAll(async () => {
  await t?.close();
});

function stagedFiles(): Promise<string[]> {
  return readdir(t.app.services.console.episodeImports.staging.directory);
}

async function importsOf(dramaId: number) {
  return t.app.database.db.select().from(episodeImports).where(eq(episodeImports.dramaId, dramaId));
}

/** Polls the import until it is ready or failed. */
async function settled(id: number, operator = editor): Promise<EpisodeImport> {
  for (let i = 0; i < 600; i += 1) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PREFIX}/catalogue/imports/${id}`,
      headers: consoleHeaders(operator),
    });
    const item = response.json().data as EpisodeImport;
    if (isTerminalImportState(item.state)) return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not settle`);
}

/** Bytes no ffprobe calls a video. */
function notAVideo(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 7919) % 251));
}

describe('creating an upload', () => {
  it('is refused for the support role (80004) and without the console request header (80006)', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1 });
    const support = await signedInOperator(t.app, clock, 'support');
    const refused = await createUpload(t.app, support, 1000, { dramaId: drama.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(Code.OPERATOR_ROLE_FORBIDDEN);

    const noHeader = await t.app.inject({
      method: 'POST',
      url: CONSOLE_UPLOADS_URL,
      headers: {
        cookie: editor.cookie,
        ...TUS,
        'upload-length': '1000',
        'upload-metadata': uploadMetadata({ dramaId: drama.id }),
      },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().code).toBe(Code.CONSOLE_REQUEST_HEADER_MISSING);
    expect(await importsOf(drama.id)).toEqual([]);
  });

  it('refuses an Upload-Length over CONSOLE_UPLOAD_MAX_BYTES (413, 10004) before any byte, keeping nothing', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1 });
    const before = await stagedFiles();
    const response = await createUpload(t.app, editor, 4 * 1024 * 1024 + 1, { dramaId: drama.id });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, data: null });
    expect(await importsOf(drama.id)).toEqual([]);
    expect(await stagedFiles()).toEqual(before);
  });

  it('refuses a file type that is not video/* with 80009, and an unknown drama with 10002', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1 });
    const before = await stagedFiles();
    const pdf = await createUpload(t.app, editor, 1000, { dramaId: drama.id, filetype: 'application/pdf' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().code).toBe(Code.EPISODE_SOURCE_INVALID);

    const unknown = await createUpload(t.app, editor, 1000, { dramaId: 987654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(Code.NOT_FOUND);

    const badNumber = await createUpload(t.app, editor, 1000, { dramaId: drama.id, episode: '0' });
    expect(badNumber.json()).toMatchObject({ code: Code.INVALID_INPUT, data: { fields: [{ field: 'episode' }] } });
    expect(await importsOf(drama.id)).toEqual([]);
    expect(await stagedFiles()).toEqual(before);
  });

  it('numbers "next" after the episodes and the uploads in flight, and refuses a second upload of one episode (10006)', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 3 });
    const first = await createUpload(t.app, editor, 1000, { dramaId: drama.id });
    const second = await createUpload(t.app, editor, 1000, { dramaId: drama.id });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const numbers = (await importsOf(drama.id)).map((row) => row.episodeNumber).sort();
    expect(numbers).toEqual([4, 5]);

    const again = await createUpload(t.app, editor, 1000, { dramaId: drama.id, episode: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(Code.CONFLICT);
  });
});

describe('sending bytes', () => {
  it('takes chunks at the offset, reports it on HEAD, refuses a wrong offset (409), and only the uploader may send', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1 });
    const created = await createUpload(t.app, editor, 3000, { dramaId: drama.id, episode: 2 });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^${CONSOLE_UPLOADS_URL}/[0-9a-f]+$`));
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    expect(created.headers['x-request-id']).toBeDefined();
    expect(created.headers['access-control-allow-origin']).toBeUndefined();

    const bytes = notAVideo(3000);
    const sent = await patchUpload(t.app, editor, location, 0, bytes.subarray(0, 1000));
    expect(sent.statusCode).toBe(204);
    expect(sent.headers['upload-offset']).toBe('1000');
    expect(await uploadOffset(t.app, editor, location)).toBe(1000);

    const wrong = await patchUpload(t.app, editor, location, 500, bytes.subarray(500, 1000));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe(Code.CONFLICT);

    const other = await signedInOperator(t.app, clock, 'editor');
    const foreign = await patchUpload(t.app, other, location, 1000, bytes.subarray(1000));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(Code.FORBIDDEN);
    expect(await uploadOffset(t.app, editor, location)).toBe(1000);
  });

  it('resumes from the server offset after the connection is cut mid-PATCH', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 1 });
    const bytes = notAVideo(2 * 1024 * 1024);
    const created = await createUpload(t.app, editor, bytes.length, { dramaId: drama.id, episode: 2 });
    const location = String(created.headers.location);

    // A real socket: half the file is written, then the client goes away.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: consoleHeaders(editor, {
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        }),
      });
      request.on('error', () => resolve());
      request.write(bytes.subarray(0, bytes.length / 2), () => setTimeout(() => request.destroy(), 200));
      request.on('close', () => resolve());
    });
    // The server notices the cut and keeps what arrived.
    let offset = 0;
    for (let i = 0; i < 50; i += 1) {
      offset = await uploadOffset(t.app, editor, location);
      if (offset > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(bytes.length / 2);

    const rest = await patchUpload(t.app, editor, location, offset, bytes.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(bytes.length);
  });

  it('an upload that is not a video fails its import with 80009, and viewers see no new episode', async () => {
    const { drama } = await seedDrama(t.app, { episodes: 2 });
    const location = await uploadInChunks(t.app, editor, notAVideo(200_000), {
      dramaId: drama.id,
      filename: 'notes.mp4',
    });
    const uploadId = location.split('/').pop()!;
    const [row] = await t.app.database.db.select().from(episodeImports).where(eq(episodeImports.uploadId, uploadId));
    const done = await settled(row!.id);
    expect(done).toMatchObject({
      state: 'failed',
      error_code: Code.EPISODE_SOURCE_INVALID,
      episode_number: 3,
      episode_id: null,
    });
    expect(done.error_message).toMatch(/notes\.mp4: source video is not usable/);

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/dramas/${drama.id}` });
    expect((page.json().data.episodes as unknown[]).length).toBe(2);
    expect(await t.app.database.db.select().from(episodes).where(eq(episodes.dramaId, drama.id))).toHaveLength(2);
    // Its bytes are gone from the staging folder.
    expect(await stagedFiles()).not.toContain(uploadId);

    const list = await t.app.inject({
      method: 'GET',
      url: `${CONSOLE_API_PREFIX}/catalogue/dramas/${drama.id}/imports`,
      headers: consoleHeaders(editor),
    });
    expect(list.json().data.imports).toEqual([done]);
  });
});
