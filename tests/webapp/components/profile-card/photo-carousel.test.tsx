import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoCarousel } from '../../../../webapp/components/profile-card/photo-carousel';
import { swipeThreshold } from '../../../../webapp/components/profile-card/use-carousel-gestures';

const PHOTOS = ['/p/one.jpg', '/p/two.jpg', '/p/three.jpg'];

// jsdom has no PointerEvent; a MouseEvent carries the clientX the gestures read.
class TestPointerEvent extends MouseEvent {
  readonly pointerId = 1;
}

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
});

function renderCarousel(photos = PHOTOS, width = 300) {
  render(<PhotoCarousel photos={photos} alt="Фото: Глеб, 15" />);
  const carousel = screen.getByTestId('photo-carousel');
  vi.spyOn(carousel, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width, height: width * 1.25 }));
  return carousel;
}

const images = () => Array.from(document.querySelectorAll('img'));
const counter = () => screen.queryByTestId('photo-counter')?.textContent ?? null;
const shownSrc = () => screen.getByRole('img', { name: 'Фото: Глеб, 15' }).getAttribute('src');

/** Lets image `index` report loaded at its natural size. */
function loadImage(index: number, width = 800, height = 1000) {
  const img = images()[index]!;
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: width });
  Object.defineProperty(img, 'naturalHeight', { configurable: true, value: height });
  fireEvent.load(img);
}

const failImage = (index: number) => fireEvent.error(images()[index]!);

function drag(carousel: HTMLElement, fromX: number, toX: number) {
  fireEvent.pointerDown(carousel, { clientX: fromX, clientY: 100 });
  fireEvent.pointerMove(carousel, { clientX: toX, clientY: 102 });
  fireEvent.pointerUp(carousel, { clientX: toX, clientY: 102 });
  // The browser follows a pointerup with a click; it must not count as a tap too.
  fireEvent.click(carousel, { clientX: toX, clientY: 102 });
}

describe('tapping', () => {
  it('goes to the next photo on the right half and back on the left half, counting index / valid photos', () => {
    const carousel = renderCarousel();
    expect(counter()).toBe('1 / 3');
    fireEvent.click(carousel, { clientX: 151 });
    expect(counter()).toBe('2 / 3');
    expect(shownSrc()).toBe('/p/two.jpg');
    fireEvent.click(carousel, { clientX: 290 });
    expect(counter()).toBe('3 / 3');
    fireEvent.click(carousel, { clientX: 290 });
    expect(counter()).toBe('3 / 3');
    fireEvent.click(carousel, { clientX: 149 });
    expect(counter()).toBe('2 / 3');
    fireEvent.click(carousel, { clientX: 10 });
    fireEvent.click(carousel, { clientX: 10 });
    expect(counter()).toBe('1 / 3');
  });
});

describe('swiping', () => {
  it('uses min(60 px, 15% of the width) as the threshold', () => {
    expect(swipeThreshold(300)).toBe(45);
    expect(swipeThreshold(390)).toBe(58.5);
    expect(swipeThreshold(600)).toBe(60);
  });

  it('changes the photo only beyond 15% of a narrow carousel (45 px of 300)', () => {
    const carousel = renderCarousel(PHOTOS, 300);
    drag(carousel, 200, 156);
    expect(counter()).toBe('1 / 3');
    drag(carousel, 200, 154);
    expect(counter()).toBe('2 / 3');
    drag(carousel, 100, 146);
    expect(counter()).toBe('1 / 3');
  });

  it('changes the photo only beyond 60 px on a wide carousel', () => {
    const carousel = renderCarousel(PHOTOS, 600);
    drag(carousel, 400, 341);
    expect(counter()).toBe('1 / 3');
    drag(carousel, 400, 339);
    expect(counter()).toBe('2 / 3');
  });
});

describe('failed photos', () => {
  it('skips a photo that fails to load and counts only the valid ones', () => {
    const carousel = renderCarousel();
    loadImage(0);
    failImage(1);
    expect(counter()).toBe('1 / 2');
    fireEvent.click(carousel, { clientX: 250 });
    expect(counter()).toBe('2 / 2');
    expect(shownSrc()).toBe('/p/three.jpg');
  });

  it('counts an image under 50×50 as failed, and one of exactly 50×50 as loaded', () => {
    renderCarousel();
    loadImage(0, 49, 400);
    loadImage(1, 400, 30);
    loadImage(2, 50, 50);
    expect(counter()).toBe('1 / 1');
    expect(shownSrc()).toBe('/p/three.jpg');
  });

  it("asks for the failed photos again with 'Повторить'", () => {
    renderCarousel();
    loadImage(0);
    failImage(2);
    expect(screen.getByText('Ошибка загрузки')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(counter()).toBe('1 / 3');
    expect(images()[2]!.getAttribute('src')).toBe('/p/three.jpg?retry=1');
    expect(images()[0]!.getAttribute('src')).toBe('/p/one.jpg');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it("says 'Все изображения недоступны' when every photo failed and reloads them all", () => {
    renderCarousel();
    [0, 1, 2].forEach(failImage);
    expect(screen.getByText('Все изображения недоступны')).toBeTruthy();
    expect(counter()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Перезагрузить все' }));
    expect(screen.queryByText('Все изображения недоступны')).toBeNull();
    expect(images().map((img) => img.getAttribute('src'))).toEqual(['/p/one.jpg?retry=1', '/p/two.jpg?retry=1', '/p/three.jpg?retry=1']);
    expect(counter()).toBe('1 / 3');
  });

  it("says 'Нет фото' when there are no photos", () => {
    renderCarousel([]);
    expect(screen.getByText('Нет фото')).toBeTruthy();
    expect(counter()).toBeNull();
  });
});

describe('load timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('hides the loader after 2 s, shows the photos at 3 s and marks unanswered images loaded at 5 s', () => {
    renderCarousel();
    loadImage(1);
    const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
    expect(screen.getByTestId('photo-loader')).toBeTruthy();
    expect(images().map((img) => img.dataset.visible)).toEqual(['false', 'true', 'false']);
    advance(1999);
    expect(screen.getByTestId('photo-loader')).toBeTruthy();
    advance(1);
    expect(screen.queryByTestId('photo-loader')).toBeNull();
    advance(999);
    expect(images()[0]!.dataset.visible).toBe('false');
    advance(1);
    expect(images().map((img) => img.dataset.visible)).toEqual(['true', 'true', 'true']);
    expect(images()[0]!.dataset.state).toBe('loading');
    advance(1999);
    expect(images()[0]!.dataset.state).toBe('loading');
    advance(1);
    expect(images().map((img) => img.dataset.state)).toEqual(['loaded', 'loaded', 'loaded']);
  });

  it('keeps a failed photo hidden at 3 s and failed at 5 s', () => {
    renderCarousel();
    failImage(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(images()[0]!.dataset.state).toBe('failed');
    expect(images()[0]!.dataset.visible).toBe('false');
    expect(counter()).toBe('1 / 2');
  });
});
