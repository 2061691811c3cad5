// Renders the PWA's PNG icons from public/icons/icon.svg in Debian's Chromium:
//   node_modules/.bin/tsx .ci/make-icons.ts
// icon-192.png and icon-512.png are the SVG as drawn (rounded corners,
// transparent outside). icon-maskable-512.png fills the whole square with the
// background colour and shrinks the drawing into the central safe zone (a
// circle of 80% of the width, centred on the drawing), so launchers may crop
// it to any shape.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';

const ICONS = new URL('../public/icons/', import.meta.url).pathname;
const svg = readFileSync(`${ICONS}icon.svg`, 'utf8');

/** The drawing without its rounded background, on a full square, scaled into the safe zone. */
function maskable(source: string): string {
  const background = /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"[^>]*\/>/.exec(source);
  if (!background) throw new Error('icon.svg: expected a background <rect … fill="#…"/> as its first shape');
  const inner = source.replace(background[0], '').replace(/^[\s\S]*?<svg[^>]*>|<\/svg>\s*$/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${background[1]}"/><g transform="translate(256 256) scale(0.72) translate(-262 -262)">${inner}</g></svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const [file, source, size] of [
    ['icon-192.png', svg, 192],
    ['icon-512.png', svg, 512],
    ['icon-maskable-512.png', maskable(svg), 512],
  ] as const) {
    await page.setViewportSize({ width: size, height: size });
    const url = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
    await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${url}" width="${size}" height="${size}" style="display:block"></body></html>`);
    await page.waitForFunction(() => document.images[0]?.complete && document.fonts.status === 'loaded');
    writeFileSync(`${ICONS}${file}`, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
    process.stdout.write(`wrote public/icons/${file}\n`);
  }
} finally {
  await browser.close();
}
