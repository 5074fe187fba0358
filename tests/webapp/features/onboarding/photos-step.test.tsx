import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { compressImage } from '../../../../webapp/lib/images/compress-image';
import { completeDraft, currentStep, INIT_DATA, renderOnboarding, storeDraft } from './onboarding-helpers';

vi.mock('../../../../webapp/lib/images/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../webapp/lib/images/compress-image')>()),
  compressImage: vi.fn(),
}));

const compressed = new Blob(['compressed'], { type: 'image/jpeg' });
const jpeg = (name = 'IMG_0001.jpg', type = 'image/jpeg') => new File(['original bytes'], name, { type });

interface Upload {
  path: string;
  form: FormData;
  authorization: string | null;
}

/** fetch for the upload route: answers with `answer(n)` for the n-th upload and records the multipart bodies. */
function stubUploads(
  answer: (n: number) => { status: number; json: unknown } = (n) => ({
    status: 200,
    json: { ok: true, id: `${n}`.padStart(24, 'c'), url: `/cdn/images/${`${n}`.padStart(24, 'c')}/profile` },
  }),
) {
  const uploads: Upload[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      uploads.push({ path: input, form: init.body as FormData, authorization: new Headers(init.headers).get('authorization') });
      const { status, json } = answer(uploads.length);
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return uploads;
}

async function openPhotos() {
  storeDraft(completeDraft({ photos: [null, null, null] }));
  const user = renderOnboarding();
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  expect(currentStep()).toBe('PHOTOS');
  return user;
}

const pick = (slot: number, file: File) => fireEvent.change(screen.getByLabelText(`Фото ${slot}`), { target: { files: [file] } });
const lastToast = () => useToasts.getState().toasts.at(-1);

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  vi.mocked(compressImage).mockReset().mockResolvedValue(compressed);
});

describe('PHOTOS', () => {
  it('compresses each picked file to side 1080 / quality 0.82 and uploads it as a profile image with initData in the header, not the form', async () => {
    const uploads = stubUploads();
    await openPhotos();
    const file = jpeg();
    pick(1, file);
    await waitFor(() => expect(screen.getByText('Загружено 1 из 3')).toBeTruthy());
    expect(compressImage).toHaveBeenCalledWith(file, { maxSide: 1080, quality: 0.82 });
    expect(uploads).toHaveLength(1);
    const [{ path, form }] = uploads as [Upload];
    expect(path).toBe('/api/cdn/images/upload');
    expect(form.get('variant')).toBe('profile');
    expect(form.has('initData')).toBe(false);
    expect(uploads[0]?.authorization).toBe(`tma ${INIT_DATA}`);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('photo-1.jpg');
    expect(sent.size).toBe(compressed.size);
  });

  it('fills three slots, each of which can be removed again', async () => {
    stubUploads();
    const user = await openPhotos();
    pick(1, jpeg('a.jpg'));
    pick(2, jpeg('b.png', 'image/png'));
    pick(3, jpeg('c.webp', 'image/webp'));
    await waitFor(() => expect(screen.getByText('Загружено 3 из 3')).toBeTruthy());
    expect(screen.getAllByRole('img')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Удалить фото 2' }));
    expect(screen.getByText('Загружено 2 из 3')).toBeTruthy();
    expect(screen.queryByAltText('Фото 2')).toBeNull();
  });

  it("shows 'Не удалось загрузить фото' with the server's reason and leaves the slot empty", async () => {
    stubUploads(() => ({ status: 415, json: { ok: false, error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Поддерживаются JPEG/PNG/WebP' } }));
    await openPhotos();
    pick(1, jpeg());
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ tone: 'error', text: 'Не удалось загрузить фото', description: 'Поддерживаются JPEG/PNG/WebP' }),
    );
    expect(screen.getByText('Загружено 0 из 3')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows screening's refusal 'Фото не прошло проверку: загрузите другое' on the slot until another photo goes there", async () => {
    const refused = 'Фото не прошло проверку: загрузите другое';
    let refuse = true;
    stubUploads((n) =>
      refuse
        ? { status: 400, json: { ok: false, error: 'PHOTO_REFUSED', message: refused } }
        : { status: 200, json: { ok: true, id: `${n}`.padStart(24, 'c'), url: `/cdn/images/${`${n}`.padStart(24, 'c')}/profile` } },
    );
    await openPhotos();
    pick(2, jpeg());
    const slot = screen.getByTestId('photo-slot-2');
    await waitFor(() => expect(within(slot).getByRole('alert').textContent).toBe(refused));
    expect(lastToast()).toMatchObject({ tone: 'error', text: 'Не удалось загрузить фото', description: refused });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByText('Загружено 0 из 3')).toBeTruthy();

    refuse = false;
    pick(2, jpeg('other.jpg'));
    await waitFor(() => expect(screen.getByText('Загружено 1 из 3')).toBeTruthy());
    expect(within(slot).queryByRole('alert')).toBeNull();
  });

  it("shows 'Не удалось подготовить изображение' when the browser cannot process the file", async () => {
    const uploads = stubUploads();
    vi.mocked(compressImage).mockRejectedValue(new Error('Не удалось обработать изображение: The source image could not be decoded.'));
    await openPhotos();
    pick(2, jpeg());
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        text: 'Не удалось подготовить изображение',
        description: 'Не удалось обработать изображение: The source image could not be decoded.',
      }),
    );
    expect(uploads).toHaveLength(0);
    expect(screen.getByText('Загружено 0 из 3')).toBeTruthy();
  });

  it('takes JPEG, PNG and WebP only', async () => {
    const uploads = stubUploads();
    await openPhotos();
    expect(screen.getByLabelText('Фото 1').getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    pick(1, jpeg('anim.gif', 'image/gif'));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ text: 'Не удалось загрузить фото', description: 'Поддерживаются JPEG/PNG/WebP' }),
    );
    expect(compressImage).not.toHaveBeenCalled();
    expect(uploads).toHaveLength(0);
  });
});
