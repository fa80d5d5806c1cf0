import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, open, VIEWPORTS, type ViewportSize } from '../support/browser.js';
import { TAB_ORDER } from '../support/spec-routes.js';

const SELECTED = 'rgb(255, 237, 71)'; // #FFED47
const UNSELECTED = 'rgb(153, 153, 153)'; // #999999

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function pageAt(viewport: ViewportSize, path = '/pages/index/index'): Promise<Page> {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  await open(page, path);
  return page;
}

const visibleTabs = (page: Page, container: string) =>
  page.$$eval(`[data-testid="${container}"] [data-testid^="tab-item-"]`, (items) =>
    items.filter((item) => (item as HTMLElement).offsetParent !== null).map((item) => item.getAttribute('data-testid')),
  );

describe('bottom tab bar below 768px (390×844)', () => {
  it('shows the items in order, download hidden in mobile view, 50px high', async () => {
    const page = await pageAt(VIEWPORTS.phone);
    expect(await page.locator('[data-testid="sidebar"]').count()).toBe(0);
    const bar = page.locator('[data-testid="tab-bar"]');
    expect((await bar.boundingBox())?.height).toBe(50);
    expect(await visibleTabs(page, 'tab-bar')).toEqual(
      TAB_ORDER.filter((t) => t !== 'download').map((t) => `tab-item-${t}`),
    );
    await page.context().close();
  });

  it('colours the selected item #FFED47 and the others #999999, 24px icons, 10px labels', async () => {
    const page = await pageAt(VIEWPORTS.phone, '/pages/Rewards/index');
    const styles = await page.$$eval('[data-testid="tab-bar"] [data-testid^="tab-item-"]', (items) =>
      items.map((item) => {
        const label = item.querySelector('[data-role="tab-label"]')!;
        const icon = item.querySelector('svg')!;
        return {
          id: item.getAttribute('data-testid'),
          color: getComputedStyle(label).color,
          fontSize: getComputedStyle(label).fontSize,
          iconWidth: icon.getBoundingClientRect().width,
        };
      }),
    );
    for (const style of styles) {
      expect(style.color, style.id ?? '').toBe(style.id === 'tab-item-rewards' ? SELECTED : UNSELECTED);
      expect(style.fontSize).toBe('10px');
      expect(style.iconWidth).toBe(24);
    }
    await page.context().close();
  });

  it('switches pages from the tab bar', async () => {
    const page = await pageAt(VIEWPORTS.phone);
    await page.click('[data-testid="tab-bar"] [data-testid="tab-item-me"]');
    await page.waitForURL('**/pages/user/index');
    // The address changes as the navigation starts; the tab bar marks the item once the page
    // it leads to has rendered (its code may still be arriving).
    await expect
      .poll(() => page.locator('[data-testid="tab-bar"] [data-testid="tab-item-me"]').getAttribute('aria-current'))
      .toBe('page');
    await page.context().close();
  });
});

describe('sidebar from 768px', () => {
  it.each([
    { label: '800×1000', viewport: VIEWPORTS.tablet, width: 120, download: false },
    { label: '960×800', viewport: VIEWPORTS.small, width: 120, download: false },
    { label: '1280×800', viewport: VIEWPORTS.desktop, width: 240, download: true },
  ])(
    'at $label: sidebar $width px wide, download item shown: $download, no bottom tab bar',
    async ({ viewport, width, download }) => {
      const page = await pageAt(viewport);
      const sidebar = page.locator('[data-testid="sidebar"]');
      expect((await sidebar.boundingBox())?.width).toBe(width);
      expect(await page.locator('[data-testid="tab-bar"]').count()).toBe(0);
      const expected = TAB_ORDER.filter((t) => download || t !== 'download').map((t) => `tab-item-${t}`);
      expect(await visibleTabs(page, 'sidebar')).toEqual(expected);
      await page.context().close();
    },
  );

  it('is absent at 767px', async () => {
    const page = await pageAt({ width: 767, height: 900 });
    expect(await page.locator('[data-testid="sidebar"]').count()).toBe(0);
    expect(await page.locator('[data-testid="tab-bar"]').count()).toBe(1);
    await page.context().close();
  });

  it('is never shown on video pages', async () => {
    for (const path of ['/pages/video/index', '/pages/video/mobileVideoIndex']) {
      const page = await pageAt(VIEWPORTS.desktop, path);
      expect(await page.locator('[data-testid="sidebar"]').count(), path).toBe(0);
      expect(await page.locator('[data-testid="tab-bar"]').count(), path).toBe(0);
      await page.context().close();
    }
  });
});

describe('navigation bars', () => {
  const barStyle = (page: Page) =>
    page.$eval('[data-testid="nav-bar"]', (bar) => {
      const title = bar.querySelector('[data-role="nav-title"]')!;
      return { background: getComputedStyle(bar).backgroundColor, title: getComputedStyle(title).color };
    });

  it('default bar is #1a1a1a with a white title, on a #F8F8F8 page', async () => {
    const page = await pageAt(VIEWPORTS.phone, '/pages/user/Setting');
    expect(await barStyle(page)).toEqual({ background: 'rgb(26, 26, 26)', title: 'rgb(255, 255, 255)' });
    const background = await page.$eval('[data-testid="page"]', (el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(248, 248, 248)');
    await page.context().close();
  });

  it.each(['/pages/user/wallet', '/pages/my-history/index'])('%s has a dark bar with a white title', async (path) => {
    const page = await pageAt(VIEWPORTS.phone, path);
    const style = await barStyle(page);
    expect(style.title).toBe('rgb(255, 255, 255)');
    const [r, g, b] = style.background.match(/\d+/g)!.map(Number);
    expect(Math.max(r!, g!, b!)).toBeLessThanOrEqual(26);
    await page.context().close();
  });

  it('reserves the default 20px status bar above the bar', async () => {
    const page = await pageAt(VIEWPORTS.phone, '/pages/user/Setting');
    const height = await page.$eval('[data-testid="status-bar"]', (el) => el.getBoundingClientRect().height);
    expect(height).toBe(20);
    await page.context().close();
  });

  it('back goes to / when the page is the only history entry', async () => {
    const page = await pageAt(VIEWPORTS.phone, '/pages/user/Setting');
    await page.click('[data-testid="nav-back"]');
    await page.waitForFunction(() => location.pathname === '/');
    await page.context().close();
  });

  it('back goes back one page otherwise', async () => {
    const page = await pageAt(VIEWPORTS.phone, '/pages/user/index');
    await page.click('[data-testid="me-entry-settings"]');
    await page.waitForURL('**/pages/user/Setting');
    await page.click('[data-testid="nav-back"]');
    await page.waitForURL('**/pages/user/index');
    await page.context().close();
  });
});
