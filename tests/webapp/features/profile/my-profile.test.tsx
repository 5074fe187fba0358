import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyProfile } from '../../../../contracts/profile';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import MyProfileScreen from '../../../../webapp/features/profile/components/my-profile-screen';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { compressImage } from '../../../../webapp/lib/images/compress-image';
import { MODERATOR, signIn } from '../../support/session';
import { renderScreen, toastTexts } from './render-screen';

vi.mock('../../../../webapp/lib/images/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../webapp/lib/images/compress-image')>()),
  compressImage: vi.fn(),
}));

const photo = (n: number) => `/cdn/images/${String(n).repeat(24)}/profile`;

function profile(overrides: Partial<MyProfile> = {}): MyProfile {
  return {
    ok: true,
    displayName: 'Аня',
    birthDate: '2009-03-01',
    age: 16,
    city: 'Москва',
    placeId: 1,
    bio: 'Люблю музыку и книги',
    sex: 'FEMALE',
    gender: 'BISEXUAL',
    lookingFor: ['COMMUNICATION'],
    heightCm: 170,
    photos: [photo(1), photo(2), photo(3)],
    moderation: { base: 'APPROVED', description: 'APPROVED' },
    pending: { edit: false, photos: false },
    ...overrides,
  };
}

function serve(my: MyProfile, patch: { editQueued: boolean; photosQueued: boolean } = { editQueued: true, photosQueued: false }) {
  return stubFetch({
    'GET /api/profile/my': { json: my },
    'PATCH /api/profile/my': { json: { ok: true, ...patch, message: 'ok' } },
  });
}

const patches = (calls: StubRequest[]) =>
  calls.filter((c) => c.method === 'PATCH').map((c) => Object.fromEntries(Object.entries(c.body ?? {}).filter(([k]) => k !== 'initData')));

async function openField(user: ReturnType<typeof renderScreen>, testId: string) {
  await user.click(await screen.findByTestId(testId));
  return screen.findByRole('dialog', {}, { timeout: 3000 });
}

// The photo editor is a lazy chunk: load it once up front so each test waits only for rendering.
beforeAll(async () => {
  await import('../../../../webapp/features/profile/components/photos-sheet');
});

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  signIn();
});

describe('my profile', () => {
  it('shows the own card and the editable fields', async () => {
    serve(profile());
    renderScreen(<MyProfileScreen />);
    expect(await screen.findByRole('article', { name: 'Аня, 16' })).toBeTruthy();
    expect(screen.getByTestId('edit-photos').textContent).toContain('3 из 3');
    expect(screen.getByTestId('edit-heightCm').textContent).toContain('1.70 м');
    // No body weight anywhere (AMENDMENTS §5.9): no row to edit it, nothing on the card.
    expect(screen.queryByTestId('edit-weightKg')).toBeNull();
    expect(screen.queryByText('Вес')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Панель модерации' })).toBeNull();
  });

  it('gives moderators a button to the moderation panel', async () => {
    serve(profile());
    signIn(MODERATOR);
    renderScreen(<MyProfileScreen />);
    expect(await screen.findByRole('button', { name: 'Панель модерации' })).toBeTruthy();
  });

  it('says when changes are waiting for moderation', async () => {
    serve(profile({ pending: { edit: true, photos: false } }));
    renderScreen(<MyProfileScreen />);
    expect(await screen.findByText('Изменения на модерации')).toBeTruthy();
  });
});

describe('the gender chooser', () => {
  it.each([
    ['MALE', 'QUEER', ['Гей', 'Би', 'Пан', 'Квир', 'Асексуал']],
    ['FEMALE', 'QUEER', ['Лесби', 'Би', 'Пан', 'Квир', 'Асексуал']],
    [null, 'GAY', ['Гей', 'Би', 'Пан', 'Квир', 'Асексуал']],
    [null, 'LESBIAN', ['Лесби', 'Би', 'Пан', 'Квир', 'Асексуал']],
    [null, 'QUEER', ['Гей', 'Лесби', 'Би', 'Пан', 'Квир', 'Асексуал']],
  ] as const)('for sex %s and %s offers %j (AMENDMENTS §4.1)', async (sex, gender, labels) => {
    serve(profile({ sex, gender }));
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-gender');
    expect(
      within(sheet)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(labels);
  });

  it('sends the chosen orientation', async () => {
    const calls = serve(profile({ gender: 'GAY' }));
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-gender');
    await user.click(within(sheet).getByRole('radio', { name: 'Квир' }));
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ gender: 'QUEER' }]));
  });
});

describe("'Что ищу'", () => {
  it('shows the goals in the field list and sends a new choice to moderation', async () => {
    const calls = serve(profile({ lookingFor: ['COMMUNICATION'] }));
    const user = renderScreen(<MyProfileScreen />);
    expect((await screen.findByTestId('edit-lookingFor')).textContent).toContain('Общение');
    const sheet = await openField(user, 'edit-lookingFor');
    expect((within(sheet).getByRole('checkbox', { name: 'Общение' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(sheet).getByRole('checkbox', { name: 'Отношения локальные' }));
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ lookingFor: ['LOCAL', 'COMMUNICATION'] }]));
    await waitFor(() => expect(toastTexts()).toContain('Изменения отправлены на модерацию'));
  });

  it('needs at least one goal before saving', async () => {
    const calls = serve(profile({ lookingFor: ['COMMUNICATION'] }));
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-lookingFor');
    await user.click(within(sheet).getByRole('checkbox', { name: 'Общение' }));
    expect(within(sheet).getByText('Выберите хотя бы один вариант')).toBeTruthy();
    expect((within(sheet).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
    expect(patches(calls)).toEqual([]);
  });
});

describe('edit limits', () => {
  it.each([
    ['edit-displayName', 'Я', 'Не менее 2 символов!'],
    ['edit-displayName', 'Я'.repeat(33), 'Не более 32 символов!'],
    ['edit-bio', '   ', 'Описание не может быть пустым'],
    ['edit-heightCm', '250', 'Рост: от 130 до 220 см'],
    ['edit-heightCm', '129', 'Рост: от 130 до 220 см'],
  ])('%s with %j says "%s" and sends nothing', async (field, value, message) => {
    const calls = serve(profile());
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, field);
    const input = within(sheet).getByRole('textbox');
    await user.clear(input);
    await user.type(input, value);
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(within(sheet).getByRole('alert').textContent).toBe(message);
    expect(patches(calls)).toEqual([]);
  });

  it('counts the bio up to 1200 characters and stops there', async () => {
    serve(profile({ bio: 'а'.repeat(1199) }));
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-bio');
    expect(within(sheet).getByText('1199/1200')).toBeTruthy();
    await user.type(within(sheet).getByRole('textbox'), 'бв');
    expect(within(sheet).getByText('1200/1200')).toBeTruthy();
  });

  it('clears a number field to null with an empty value', async () => {
    const calls = serve(profile());
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-heightCm');
    await user.click(within(sheet).getByRole('button', { name: 'Не указывать' }));
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ heightCm: null }]));
  });
});

describe('saving', () => {
  it("says 'Изменения отправлены на модерацию' when the edit was queued and closes the sheet", async () => {
    const calls = serve(profile(), { editQueued: true, photosQueued: false });
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-displayName');
    await user.clear(within(sheet).getByRole('textbox'));
    await user.type(within(sheet).getByRole('textbox'), '  Анечка ');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toastTexts()).toContain('Изменения отправлены на модерацию'));
    expect(patches(calls)).toEqual([{ displayName: 'Анечка' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Изменения сохранены!' when nothing needed moderation", async () => {
    serve(profile(), { editQueued: false, photosQueued: false });
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-heightCm');
    await user.clear(within(sheet).getByRole('textbox'));
    await user.type(within(sheet).getByRole('textbox'), '165');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toastTexts()).toContain('Изменения сохранены!'));
  });

  it("shows the server's refusal and keeps the sheet open", async () => {
    stubFetch({
      'GET /api/profile/my': { json: profile() },
      'PATCH /api/profile/my': { status: 409, json: { ok: false, error: 'CONFLICT', message: 'Анкета ещё на проверке' } },
    });
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-bio');
    await user.type(within(sheet).getByRole('textbox'), '!');
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toastTexts()).toContain('Анкета ещё на проверке'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("refuses to save fewer than 3 photos with 'Нужно загрузить минимум 3 фотографии'", async () => {
    const calls = serve(profile({ photos: [photo(1), photo(2)] }));
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-photos');
    expect(within(sheet).getByText(/только свои фото, рисунки или природу/)).toBeTruthy();
    expect(within(sheet).getAllByTestId('photo-slot')).toHaveLength(3);
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(toastTexts()).toContain('Нужно загрузить минимум 3 фотографии');
    expect(patches(calls)).toEqual([]);
  });
});

describe('photo replacement', () => {
  const pick = (file: File) =>
    act(() => {
      const input = screen.getByTestId('photo-file') as HTMLInputElement;
      Object.defineProperty(input, 'files', { configurable: true, value: [file] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });

  it("compresses the picked photo, uploads it into its slot ('Фото заменено!') and saves all three", async () => {
    const compressed = new Blob(['small'], { type: 'image/jpeg' });
    vi.mocked(compressImage).mockReset().mockResolvedValue(compressed);
    const calls = stubFetch({
      'GET /api/profile/my': { json: profile() },
      'POST /api/cdn/images/upload': { json: { ok: true, id: '9'.repeat(24), url: photo(9) } },
      'PATCH /api/profile/my': { json: { ok: true, editQueued: false, photosQueued: true, message: 'ok' } },
    });
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-photos');
    await user.click(within(sheet).getByRole('button', { name: 'Заменить фото 2' }));
    const file = new File(['big'], 'IMG_1.jpg', { type: 'image/jpeg' });
    pick(file);
    await waitFor(() => expect(toastTexts()).toContain('Фото заменено!'), { timeout: 3000 });
    expect(compressImage).toHaveBeenCalledWith(file, { maxSide: 1080, quality: 0.82 });
    expect(
      within(sheet)
        .getAllByTestId('photo-slot')
        .map((s) => s.dataset.url),
    ).toEqual([photo(1), photo(9), photo(3)]);
    await user.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(toastTexts()).toContain('Изменения отправлены на модерацию'));
    expect(patches(calls)).toEqual([{ photos: [photo(1), photo(9), photo(3)] }]);
  });

  it("keeps the old photo and says 'Ошибка обработки изображения. Попробуйте другое фото.' when it cannot be prepared", async () => {
    vi.mocked(compressImage).mockReset().mockRejectedValue(new Error('Не удалось обработать изображение: битый файл'));
    serve(profile());
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-photos');
    await user.click(within(sheet).getByRole('button', { name: 'Заменить фото 1' }));
    pick(new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(toastTexts()).toContain('Ошибка обработки изображения. Попробуйте другое фото.'));
    expect(within(sheet).getAllByTestId('photo-slot')[0]!.dataset.url).toBe(photo(1));
  });

  it("shows screening's refusal 'Фото не прошло проверку: загрузите другое' on the slot and keeps the old photo", async () => {
    vi.mocked(compressImage)
      .mockReset()
      .mockResolvedValue(new Blob(['small'], { type: 'image/jpeg' }));
    const refused = 'Фото не прошло проверку: загрузите другое';
    const calls = stubFetch({
      'GET /api/profile/my': { json: profile() },
      'POST /api/cdn/images/upload': { status: 400, json: { ok: false, error: 'PHOTO_REFUSED', message: refused } },
    });
    const user = renderScreen(<MyProfileScreen />);
    const sheet = await openField(user, 'edit-photos');
    await user.click(within(sheet).getByRole('button', { name: 'Заменить фото 2' }));
    pick(new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    const slot = within(sheet).getAllByTestId('photo-slot')[1]!;
    await waitFor(() => expect(within(slot).getByRole('alert').textContent).toBe(refused), { timeout: 3000 });
    expect(slot.dataset.url).toBe(photo(2));
    expect(within(sheet).getAllByRole('alert')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    // The next photo for that slot clears it.
    calls.length = 0;
    stubFetch({
      'GET /api/profile/my': { json: profile() },
      'POST /api/cdn/images/upload': { json: { ok: true, id: '9'.repeat(24), url: photo(9) } },
    });
    await user.click(within(sheet).getByRole('button', { name: 'Заменить фото 2' }));
    pick(new File(['y'], 'b.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(within(sheet).getAllByTestId('photo-slot')[1]!.dataset.url).toBe(photo(9)));
    expect(within(sheet).queryByRole('alert')).toBeNull();
  });
});
