import { AVATAR_MAX_BYTES } from '@cliffhanger/contract/browser';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { getSession, setSession } from '../../../lib/session';
import { stubApi, type Answer } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { renderPage, renderRoutes, Where } from '../../../test/render';
import { EditProfileCustomPage, EditProfilePage } from '../pages/edit-profile-page';
import { avatarProblem } from './avatar-picker';
import { ProfileForm } from './profile-form';

const signIn = () => setSession({ token: 't', userInfo: testUser({ nickname: 'Ada', username: 'ada', avatar: '' }) });

/** Me, then the edit page on top of it: a successful save goes back to Me. */
function renderEdit() {
  return renderRoutes(
    [
      { path: PATHS.editProfile, element: <EditProfilePage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [PATHS.me, PATHS.editProfile] },
  );
}

const toast = () => screen.getByTestId('toast');
const png = (bytes = 1024, name = 'me.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

async function saveAndConfirm() {
  await userEvent.click(screen.getByTestId('profile-save'));
  await userEvent.click(screen.getByTestId('profile-save-dialog-confirm'));
}

describe('edit profile: who may', () => {
  it.each([
    ['/pages/user/edit-person-info?from=me', EditProfilePage],
    ['/components/editPersonInfo?from=me', EditProfileCustomPage],
  ])('%s asks a visitor to sign in first and come back', (path, Page) => {
    stubApi();
    renderPage(<Page />, path);
    expect(screen.getByTestId('login-required')).toHaveTextContent('Please login first');
    expect(screen.getByTestId('login-required-sign-in')).toHaveAttribute(
      'href',
      `/pages/login/index?redirect=${encodeURIComponent(path)}`,
    );
    expect(screen.queryByTestId('profile-form')).toBeNull();
  });

  it('refuses an avatar pick from someone no longer signed in', async () => {
    stubApi();
    renderPage(<ProfileForm />, PATHS.editProfile);
    await userEvent.upload(screen.getByTestId('profile-avatar-input'), png());
    expect(toast()).toHaveTextContent('Please login first');
  });
});

describe('edit profile: fields (contract rules)', () => {
  it('asks "Are you sure to save your information?"; cancelling sends nothing', async () => {
    const api = stubApi();
    signIn();
    renderEdit();
    expect(screen.getByTestId('profile-nickname')).toHaveValue('Ada');
    expect(screen.getByTestId('profile-username')).toHaveValue('ada');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(screen.getByRole('dialog', { name: 'Are you sure to save your information?' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('profile-save-dialog-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('shows each rule under its field and asks nothing', async () => {
    const api = stubApi();
    signIn();
    renderEdit();
    await userEvent.clear(screen.getByTestId('profile-nickname'));
    await userEvent.clear(screen.getByTestId('profile-username'));
    await userEvent.type(screen.getByTestId('profile-username'), '9x');
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('profile-nickname')).toHaveAccessibleDescription('Nickname: 1 to 20 characters');
    expect(screen.getByTestId('profile-username')).toHaveAccessibleDescription(
      'Username: 3 to 20 lowercase letters, digits or _, starting with a letter',
    );
    await userEvent.type(screen.getByTestId('profile-nickname'), 'x'.repeat(21));
    await userEvent.click(screen.getByTestId('profile-save'));
    expect(screen.getByTestId('profile-nickname')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });
});

describe('edit profile: saving', () => {
  it('PUT /user with the changes, stores the answer, says so and goes back', async () => {
    const saved = testUser({ nickname: 'Ada L', username: 'ada_l' });
    const api = stubApi({ 'PUT /user': { code: 200, data: saved } });
    signIn();
    renderEdit();
    await userEvent.clear(screen.getByTestId('profile-nickname'));
    await userEvent.type(screen.getByTestId('profile-nickname'), '  Ada L ');
    await userEvent.clear(screen.getByTestId('profile-username'));
    await userEvent.type(screen.getByTestId('profile-username'), 'Ada_L');
    await saveAndConfirm();
    expect(await screen.findByTestId('where')).toHaveTextContent(PATHS.me);
    expect(toast()).toHaveTextContent('Profile updated successfully');
    const [put] = api.callsTo('PUT /user');
    expect(put?.body).toEqual({ nickname: 'Ada L', username: 'ada_l' });
    expect(put?.headers.Authorization).toBe('t');
    expect(getSession().userInfo).toMatchObject({ nickname: 'Ada L', username: 'ada_l' });
  });

  it('leaves an unchanged username out', async () => {
    const api = stubApi({ 'PUT /user': { code: 200, data: testUser() } });
    signIn();
    renderEdit();
    await saveAndConfirm();
    await screen.findByTestId('where');
    expect(api.callsTo('PUT /user')[0]?.body).toEqual({ nickname: 'Ada' });
  });

  it('10008: the username is taken — said under the field, nothing stored, still on the page', async () => {
    stubApi({ 'PUT /user': { code: 10008 } });
    signIn();
    renderEdit();
    await userEvent.clear(screen.getByTestId('profile-username'));
    await userEvent.type(screen.getByTestId('profile-username'), 'grace');
    await saveAndConfirm();
    await vi.waitFor(() =>
      expect(screen.getByTestId('profile-username')).toHaveAccessibleDescription('This username is already taken'),
    );
    expect(toast()).toHaveTextContent('This username is already taken');
    expect(getSession().userInfo?.username).toBe('ada');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it.each<[Answer, string]>([
    [{ code: 10000 }, 'Failed to update profile'],
    [{ code: 10001, data: { fields: ['nickname'] } }, 'Failed to save'],
  ])('PUT %o says "%s"', async (answer, message) => {
    stubApi({ 'PUT /user': answer });
    signIn();
    renderEdit();
    await saveAndConfirm();
    await vi.waitFor(() => expect(toast()).toHaveTextContent(message));
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('edit profile: avatar', () => {
  it('previews the picked image, uploads it as multipart "file", then saves with its path', async () => {
    const order: string[] = [];
    const api = stubApi({
      'POST /user/avatar': () => {
        order.push('upload');
        return { code: 200, data: { avatar: 'avatars/new.webp' } };
      },
      'PUT /user': () => {
        order.push('put');
        return { code: 200, data: testUser({ avatar: 'avatars/new.webp' }) };
      },
    });
    signIn();
    renderEdit();
    await userEvent.upload(screen.getByTestId('profile-avatar-input'), png(2048));
    expect(screen.getByTestId('profile-avatar-preview')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await saveAndConfirm();
    await screen.findByTestId('where');
    expect(order).toEqual(['upload', 'put']);
    const [upload] = api.callsTo('POST /user/avatar');
    expect(upload?.headers.Authorization).toBe('t');
    expect(upload?.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
    const form = upload?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const file = form.get('file') as File;
    expect(file.name).toBe('me.png');
    expect(file.size).toBe(2048);
    expect(api.callsTo('PUT /user')[0]?.body).toEqual({ nickname: 'Ada', avatar: 'avatars/new.webp' });
    expect(getSession().userInfo?.avatar).toBe('avatars/new.webp');
  });

  it.each<[Answer, string]>([
    [{ code: 10007 }, 'Invalid image file'],
    [{ code: 10004 }, 'The file is too large.'],
    [{ code: 10000 }, 'Failed to upload image'],
  ])('upload %o says "%s" and saves nothing else', async (answer, message) => {
    const api = stubApi({ 'POST /user/avatar': answer, 'PUT /user': { code: 200, data: testUser() } });
    signIn();
    renderEdit();
    await userEvent.upload(screen.getByTestId('profile-avatar-input'), png());
    await saveAndConfirm();
    await vi.waitFor(() => expect(toast()).toHaveTextContent(message));
    expect(api.callsTo('PUT /user')).toEqual([]);
  });

  it('checks size and type on the device first (5 MB, images only), saying why next to the picture', async () => {
    const api = stubApi();
    signIn();
    renderEdit();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('profile-avatar-input'), png(AVATAR_MAX_BYTES + 1, 'huge.png'));
    expect(screen.getByTestId('profile-avatar-error')).toHaveTextContent('Image size too large “huge.png” is 5.1 MB; the limit is 5 MB.');
    await user.upload(screen.getByTestId('profile-avatar-input'), png(100, 'cv.pdf', 'application/pdf'));
    expect(screen.getByTestId('profile-avatar-error')).toHaveTextContent('Invalid image file “cv.pdf” could not be opened');
    expect(screen.queryByTestId('profile-avatar-preview')).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
    await user.upload(screen.getByTestId('profile-avatar-input'), png(AVATAR_MAX_BYTES, 'ok.jpg', 'image/jpeg'));
    expect(await screen.findByTestId('profile-avatar-preview')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-avatar-error')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('refuses at selection a file named .png that the browser cannot open as a picture', async () => {
    const api = stubApi();
    signIn();
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new DOMException('bad', 'InvalidStateError')));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    renderEdit();
    await userEvent.upload(screen.getByTestId('profile-avatar-input'), png(100, 'notes.png'));
    expect(await screen.findByTestId('profile-avatar-error')).toHaveTextContent(
      'Invalid image file “notes.png” could not be opened as a picture.',
    );
    expect(screen.queryByTestId('profile-avatar-preview')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('avatarProblem: images up to the contract limit only', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 10 })).toBe('invalid');
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe('invalid');
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('too-large');
    expect(avatarProblem({ type: 'image/heic', size: AVATAR_MAX_BYTES })).toBeNull();
  });
});
