import {
  Code,
  addFavorite,
  clearHistory,
  deleteComment,
  likeEpisode,
  listComments,
  listFavorites,
  listHistory,
  postComment,
  removeFavorite,
  removeHistory,
  reportComment,
  saveProgress,
  unlikeEpisode,
} from '@cliffhanger/contract';
import { AppError, ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';
import { languageOf } from '../http/request-language.js';

/** Comments, likes, favourites and watch history of the signed-in viewer. */
export function socialRoutes(app: AppInstance): void {
  const { comments, likes, favorites, history } = app.services.social;

  registerEndpoint(app, listComments, async (req) =>
    ok(await comments.list(req.params.id, req.auth?.userId ?? null, req.query)),
  );
  registerEndpoint(app, postComment, async (req) =>
    ok(await comments.post(req.params.id, signedIn(req).userId, req.body.text)),
  );
  registerEndpoint(app, deleteComment, async (req) => {
    await comments.delete(req.params.id, signedIn(req).userId);
    return ok({ deleted: true as const });
  });
  registerEndpoint(app, reportComment, async (req) => {
    const stored = await comments.report(req.params.id, signedIn(req).userId, req.body.reason);
    // A repeat report is a success that changed nothing, like any idempotent repeat.
    return ok({ reported: true as const }, stored ? {} : { code: Code.ALREADY_OWNED });
  });

  registerEndpoint(app, likeEpisode, async (req) => ok(await likes.like(signedIn(req).userId, req.params.id)));
  registerEndpoint(app, unlikeEpisode, async (req) => ok(await likes.unlike(signedIn(req).userId, req.params.id)));

  registerEndpoint(app, listFavorites, async (req) =>
    ok(await favorites.list(signedIn(req).userId, req.query, languageOf(req))),
  );
  registerEndpoint(app, addFavorite, async (req) => ok(await favorites.add(signedIn(req).userId, req.params.drama_id)));
  registerEndpoint(app, removeFavorite, async (req) =>
    ok(await favorites.remove(signedIn(req).userId, req.params.drama_id)),
  );

  registerEndpoint(app, listHistory, async (req) =>
    ok(await history.list(signedIn(req).userId, req.query, languageOf(req))),
  );
  // The hottest write: its own statement resolves the session with the episode and the right (sessionInHandler).
  registerEndpoint(
    app,
    saveProgress,
    async (req) => {
      if (req.sessionToken === null) throw new AppError(Code.NOT_SIGNED_IN, 'Not signed in');
      return ok(await history.save(req.sessionToken, req.body));
    },
    { sessionInHandler: true },
  );
  registerEndpoint(app, removeHistory, async (req) =>
    ok(await history.remove(signedIn(req).userId, req.params.drama_id)),
  );
  registerEndpoint(app, clearHistory, async (req) => ok(await history.clear(signedIn(req).userId)));
}
