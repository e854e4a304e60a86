import { afterAll, beforeAll } from '@jest/globals';

type SizeProp = 'clientWidth' | 'clientHeight';

const setSize = (prop: SizeProp, value: number) =>
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });

/**
 * jsdom does no layout: every element measures 0 x 0, and a Leaflet map in it has no view. While the calling file's
 * tests run, every element measures `width` x `height`; afterwards Element.prototype's own getters show again.
 */
export function giveElementsASize(width = 800, height = 600): void {
  beforeAll(() => {
    setSize('clientWidth', width);
    setSize('clientHeight', height);
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  });
}
