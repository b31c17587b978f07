import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { demoBrands, demoShoes } from './demo-catalogue.js';
import { SNEAKER_STYLES, sneakerSvg, sneakerWebp } from './sneaker-image.js';
import type { SneakerPalette } from './sneaker-image.js';

const CHART = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5'];
const WORDS = /^[\p{L} ]{1,40}$/u;
const PROSE = /^[\p{L} ,.]{1,900}$/u;
const HEX = /^#[0-9a-f]{6}$/i;

describe('demo catalogue', () => {
  it('has enough brands, shoes and sale items', () => {
    expect(demoBrands.length).toBeGreaterThanOrEqual(8);
    expect(new Set(demoBrands).size).toBe(demoBrands.length);
    expect(demoShoes.length).toBeGreaterThanOrEqual(60);
    expect(demoShoes.filter((s) => s.onSale).length).toBeGreaterThanOrEqual(12);
    expect(new Set(demoShoes.map((s) => s.color)).size).toBeGreaterThanOrEqual(10);
  });

  it('uses every brand, at least six times, and only known brands', () => {
    for (const brand of demoBrands) {
      expect(demoShoes.filter((s) => s.brand === brand).length, brand).toBeGreaterThanOrEqual(6);
    }
    for (const shoe of demoShoes) expect(demoBrands).toContain(shoe.brand);
  });

  it('keeps names, brands and colours to letters and spaces', () => {
    for (const brand of demoBrands) expect(brand).toMatch(WORDS);
    for (const shoe of demoShoes) {
      expect(shoe.name).toMatch(WORDS);
      expect(shoe.brand).toMatch(WORDS);
      expect(shoe.color).toMatch(WORDS);
      expect(shoe.name.trim()).toBe(shoe.name);
    }
  });

  it('keeps descriptions to letters, spaces, commas and periods, all different', () => {
    for (const shoe of demoShoes) expect(shoe.description, shoe.name).toMatch(PROSE);
    expect(new Set(demoShoes.map((s) => s.description)).size).toBe(demoShoes.length);
  });

  it('has unique names', () => {
    const names = demoShoes.map((s) => s.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('prices in whole dollars, varied', () => {
    for (const shoe of demoShoes) {
      expect(Number.isInteger(shoe.price), shoe.name).toBe(true);
      expect(shoe.price).toBeGreaterThan(0);
      expect(shoe.price).toBeGreaterThanOrEqual(45);
      expect(shoe.price).toBeLessThanOrEqual(320);
    }
    expect(new Set(demoShoes.map((s) => s.price)).size).toBeGreaterThan(20);
  });

  it('stocks 4 to 8 distinct chart sizes per shoe, 1 to 25 pairs each', () => {
    for (const shoe of demoShoes) {
      const sizes = shoe.sizes.map((s) => s.size);
      expect(sizes.length, shoe.name).toBeGreaterThanOrEqual(4);
      expect(sizes.length, shoe.name).toBeLessThanOrEqual(8);
      expect(new Set(sizes).size, shoe.name).toBe(sizes.length);
      for (const { size, quantity } of shoe.sizes) {
        expect(CHART).toContain(size);
        expect(Number.isInteger(quantity)).toBe(true);
        expect(quantity).toBeGreaterThanOrEqual(1);
        expect(quantity).toBeLessThanOrEqual(25);
      }
    }
    const sizeSets = new Set(demoShoes.map((s) => s.sizes.map((x) => x.size).join(',')));
    expect(sizeSets.size).toBeGreaterThan(10);
  });

  it('gives every shoe a drawable palette and style', () => {
    for (const shoe of demoShoes) {
      for (const hex of Object.values(shoe.palette)) expect(hex, shoe.name).toMatch(HEX);
      expect(Number.isInteger(shoe.style)).toBe(true);
      expect(shoe.style).toBeGreaterThanOrEqual(0);
      expect(shoe.style).toBeLessThan(SNEAKER_STYLES);
    }
    expect(new Set(demoShoes.map((s) => s.style)).size).toBe(SNEAKER_STYLES);
  });

  it('is deterministic', async () => {
    vi.resetModules();
    const again = await import('./demo-catalogue.js');
    expect(again.demoShoes).not.toBe(demoShoes);
    expect(JSON.stringify(again.demoShoes)).toBe(JSON.stringify(demoShoes));
  });
});

describe('sneaker image', () => {
  const red: SneakerPalette = {
    upper: '#c62828',
    accent: '#ffffff',
    sole: '#f4f4f2',
    laces: '#ffffff',
    background: '#fbe9e7',
  };
  const green: SneakerPalette = {
    upper: '#2e5e3e',
    accent: '#e8d9b5',
    sole: '#c28a4b',
    laces: '#f1ede4',
    background: '#e6efe8',
  };

  it('draws a small self contained SVG for every style', () => {
    expect(SNEAKER_STYLES).toBeGreaterThanOrEqual(4);
    for (let style = 0; style < SNEAKER_STYLES; style++) {
      const svg = sneakerSvg(red, style);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.length).toBeLessThan(6144);
      expect(svg).not.toMatch(/<text|<image|@import|url\(http/);
      expect(svg).toContain(red.upper);
      expect(svg).toContain(red.background);
    }
    const styles = new Set(Array.from({ length: SNEAKER_STYLES }, (_, s) => sneakerSvg(red, s)));
    expect(styles.size).toBe(SNEAKER_STYLES);
  });

  it('renders a WebP of the requested width at 4:3', async () => {
    const webp = await sneakerWebp(red, 0, 800);
    expect(webp.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(webp.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const meta = await sharp(webp).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(800);
    expect(meta.height).toBe(600);

    const small = await sharp(await sneakerWebp(green, 3, 320)).metadata();
    expect(small.width).toBe(320);
    expect(small.height).toBe(240);
  });

  it('gives different palettes different pictures', async () => {
    const a = await sneakerWebp(red, 1, 200);
    const b = await sneakerWebp(green, 1, 200);
    expect(a.equals(b)).toBe(false);
    const pa = await sharp(a).resize(1, 1).raw().toBuffer();
    const pb = await sharp(b).resize(1, 1).raw().toBuffer();
    expect(pa.equals(pb)).toBe(false);
  });
});
