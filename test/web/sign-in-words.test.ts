/**
 * The Activity's sign-in notices in every language, as its shell carries them: the page cannot ask
 * the server before sign-in, so every catalogue's are there, as JSON that cannot break out of its
 * <script> element.
 */
import { describe, expect, it } from 'vitest';
import { DISCORD_LOCALES } from '../../src/i18n/locales.ts';
import { catalogueLanguages } from '../../src/i18n/resources.ts';
import { SIGN_IN_NOTICES, signInWords } from '../../src/i18n/web.ts';
import { buildPage, scriptJson } from '../../src/web/page.ts';

describe("the Activity's sign-in words", () => {
  it("are every catalogue's, each its own translation, with Discord's locales", () => {
    const words = signInWords();
    expect(Object.keys(words.notices).sort()).toEqual([...catalogueLanguages].sort());
    expect(words.locales).toEqual(DISCORD_LOCALES);
    for (const language of catalogueLanguages) {
      expect(Object.keys(words.notices[language])).toEqual([...SIGN_IN_NOTICES]);
      if (language === 'en') continue;
      for (const key of SIGN_IN_NOTICES)
        expect(words.notices[language][key], `${language} ${key}`).not.toBe(words.notices.en[key]);
    }
    expect(words.notices.de.codeRefused).toContain('Discord hat nicht bestätigt');
  });

  it('are JSON in the shell that no text can end early', async () => {
    const hostile = { text: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = scriptJson(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);

    const html = (await buildPage()).activityHtml('123', signInWords());
    const carried = html.match(/<script type="application\/json" id="sign-in-words">([^<]*)<\/script>/);
    expect(JSON.parse(carried?.[1] ?? '')).toEqual(signInWords());
    // Still no script the Content-Security-Policy would have to allow: one module, by address.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<script type="module" src="/activity.js"></script>');
  }, 30_000);
});
