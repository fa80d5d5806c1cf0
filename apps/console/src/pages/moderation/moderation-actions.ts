import {
  consoleBlockCommenter,
  consoleDeleteComment,
  consoleHideComment,
  consoleKeepComment,
  consoleUnblockCommenter,
  consoleUnhideComment,
  type ModerationComment,
} from '@cliffhanger/contract/console';

export type CommentActionKind = 'hide' | 'unhide' | 'delete' | 'keep';
type AuthorActionKind = 'block' | 'unblock';

/** What a moderator is about to do: to a comment, or to its author. */
export type ModerationAction =
  | { kind: CommentActionKind; comment: ModerationComment }
  | { kind: AuthorActionKind; author: ModerationComment['author'] };

export const ACTION_ENDPOINTS = {
  hide: consoleHideComment,
  unhide: consoleUnhideComment,
  delete: consoleDeleteComment,
  keep: consoleKeepComment,
  block: consoleBlockCommenter,
  unblock: consoleUnblockCommenter,
} as const;

/**
 * The actions a comment offers in its state: a visible one can be hidden or deleted, and kept
 * while it has unsettled reports; a hidden one shown again or deleted; a deleted one nothing.
 */
export function commentActionsOf(comment: ModerationComment): CommentActionKind[] {
  switch (comment.state) {
    case 'visible':
      return comment.reports.unsettled > 0 ? ['keep', 'hide', 'delete'] : ['hide', 'delete'];
    case 'hidden':
      return ['unhide', 'delete'];
    case 'deleted':
      return [];
  }
}

/** The id the action's endpoint takes: the comment's, or the author's uid. */
export function targetIdOf(action: ModerationAction): number {
  return 'comment' in action ? action.comment.id : action.author.uid;
}
