import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { IMAGE_SIZES, imageSrcSet } from '../../domain/images';
import { ShoeImage } from './shoe-image';

type Props = Parameters<typeof ShoeImage>[0];

/** The `<img>` alone (React also emits a preload `<link>` for a high-priority image). */
function render(props: Props): string {
  return /<img [^>]*\/>/.exec(renderToStaticMarkup(createElement(ShoeImage, props)))?.[0] ?? '';
}

const stored = '/uploads/shoes/air-1.webp';

it('offers the stored picture with its narrower copies and the sizes of its place', () => {
  expect(
    render({
      src: stored,
      alt: 'Nike Air in red',
      sizes: 'shoePage',
      width: 640,
      height: 480,
      priority: true,
    }),
  ).toBe(
    `<img src="${stored}" srcSet="${imageSrcSet(stored)}" sizes="${IMAGE_SIZES.shoePage}" alt="Nike Air in red"` +
      ' width="640" height="480" fetchPriority="high" decoding="async"/>',
  );
});

it('writes loading only when asked, and never a srcset for a picture from elsewhere', () => {
  const html = render({
    src: 'https://cdn.example.com/air.png',
    alt: '',
    sizes: 'thumbnail',
    width: 80,
    height: 60,
    loading: 'lazy',
    className: 'w-20',
  });
  expect(html).toBe(
    `<img src="https://cdn.example.com/air.png" sizes="${IMAGE_SIZES.thumbnail}" alt="" width="80" height="60"` +
      ' loading="lazy" decoding="async" class="w-20"/>',
  );
  expect(render({ src: stored, alt: '', sizes: 'card', width: 640, height: 480 })).not.toMatch(
    /loading|fetchPriority/,
  );
});
