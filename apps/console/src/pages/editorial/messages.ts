/** Home's banner carousel, recommended shelf and preview. */
export const editorialMessages = {
  'editorial.nav': 'Home editorial',
  'editorial.title': 'Home editorial',
  'editorial.intro':
    'Choose the dramas on the banner carousel and the recommended shelf of home, in order. Viewers see released dramas only; a draft or scheduled drama waits in place until its release.',

  'editorial.banners.title': 'Banner carousel',
  'editorial.banners.hint': 'Up to {max} dramas, each with a banner image.',
  'editorial.banners.empty': 'No banner is placed: home shows the most played dramas instead.',
  'editorial.shelf.title': 'Recommended shelf',
  'editorial.shelf.hint': 'Up to {max} dramas.',
  'editorial.shelf.empty': 'No drama is placed: home recommends the most liked dramas instead.',

  'editorial.list.label': '{list}: {count} of {max}',
  'editorial.item.position': '{position}.',
  'editorial.item.handle': 'Drag {title} to reorder',
  'editorial.item.up': 'Move {title} up',
  'editorial.item.down': 'Move {title} down',
  'editorial.item.remove': 'Remove {title}',
  'editorial.item.noBanner': 'No banner image',

  'editorial.status.not_published': 'Not published',
  'editorial.status.scheduled': 'Scheduled {date}',
  'editorial.status.published': 'Published',

  'editorial.search.label': 'Find a drama to add',
  'editorial.search.placeholder': 'Title in any language',
  'editorial.search.submit': 'Search',
  'editorial.search.results': 'Dramas found',
  'editorial.search.none': 'No drama matches.',
  'editorial.search.add': 'Add {title}',
  'editorial.search.addShort': 'Add',
  'editorial.search.added': 'Placed',
  'editorial.search.full': 'The list is full',
  'editorial.search.noBanner': 'Needs a banner image',

  'editorial.reason': 'Reason for this change',
  'editorial.reasonHint': 'Kept in the audit log beside the change.',
  'editorial.reasonMissing': 'Give a reason for the change.',
  'editorial.save': 'Save {list}',
  'editorial.saving': 'Saving…',
  'editorial.discard': 'Discard changes',
  'editorial.saved': 'Saved. Viewers see the new order within seconds.',
  'editorial.unsaved': 'Unsaved changes.',

  'editorial.dnd.instructions':
    'To pick up a drama, press space or enter. Use the up and down arrow keys to move it, space or enter to drop it, escape to cancel.',
  'editorial.dnd.picked': 'Picked up {title}, position {position} of {count}.',
  'editorial.dnd.moved': '{title} moved to position {position} of {count}.',
  'editorial.dnd.dropped': '{title} dropped at position {position} of {count}.',
  'editorial.dnd.cancelled': 'Moving {title} was cancelled.',
  'editorial.moved': '{title} is now at position {position} of {count}.',

  'editorial.preview.title': 'Home as viewers see it',
  'editorial.preview.hint': 'What the viewers’ home answers now, in each language; saved changes only.',
  'editorial.preview.languages': 'Preview language',
  'editorial.preview.lang.zh': 'Chinese',
  'editorial.preview.lang.en': 'English',
  'editorial.preview.lang.tr': 'Turkish',
  'editorial.preview.banners': 'Banners',
  'editorial.preview.recommended': 'Recommended',
  'editorial.preview.empty': 'Nothing to show.',

  'code.80011': 'A drama without a banner image cannot go on the banner carousel. Give it a banner first.',
} as const;
