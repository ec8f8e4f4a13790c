import { describe, expect, it } from 'vitest';
import { chooseLocale, matchLocale } from '../../src/i18n/locales';

describe('the language a page opens in', () => {
  it.each([
    ['de-AT', 'de'],
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW', null],
    ['en-GB', 'en'],
    ['fr', null],
    ['', null],
  ])('%s is served as %s', (tag, locale) => expect(matchLocale(tag)).toBe(locale));

  it("follows the browser's languages in order, skipping those the planner lacks", () => {
    expect(chooseLocale({ fragment: '', stored: null, languages: ['fr-FR', 'de-DE', 'en'] })).toBe('de');
    expect(chooseLocale({ fragment: '', stored: null, languages: ['fr-FR'] })).toBe('en');
  });

  it('prefers the reader’s stored choice to the browser', () => {
    expect(chooseLocale({ fragment: '', stored: 'ru', languages: ['de-DE'] })).toBe('ru');
  });

  it('opens a shared link in the recipient’s language unless it names one', () => {
    const link = '#v=2&s=abc';
    expect(chooseLocale({ fragment: link, stored: null, languages: ['zh-CN'] })).toBe('zh-CN');
    expect(chooseLocale({ fragment: `${link}&embed=1&lang=de`, stored: 'ru', languages: ['zh-CN'] })).toBe('de');
    expect(chooseLocale({ fragment: '#lang=ru', stored: null, languages: ['en'] })).toBe('ru');
    expect(chooseLocale({ fragment: '#lang=xx', stored: null, languages: ['de'] })).toBe('de');
  });
});
