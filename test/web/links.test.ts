import { describe, expect, it } from 'vitest';
import { LINK_TTL_MS, LinkSigner } from '../../src/web/links.ts';

const signer = new LinkSigner('a-secret-of-at-least-thirty-two-characters', 'https://tafl.example.org');
const claim = { memberId: '1', name: 'Ann', guildId: '2', channelId: '3', locale: 'de' };
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('web board links', () => {
  it('open for ten minutes for the member they name', () => {
    const link = signer.link(claim, 1_000);
    expect(link.startsWith('https://tafl.example.org/open?token=')).toBe(true);
    expect(signer.read(tokenOf(link), 1_000 + LINK_TTL_MS)).toEqual({
      ok: true,
      claim: { ...claim, expires: 1_000 + LINK_TTL_MS },
    });
    expect(signer.read(tokenOf(link), 1_001 + LINK_TTL_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse a token altered, signed with another secret, or malformed', () => {
    const [body, signature] = tokenOf(signer.link(claim, 0)).split('.');
    const altered = Buffer.from(JSON.stringify({ ...claim, memberId: '9', expires: 1e15 })).toString(
      'base64url',
    );
    const other = new LinkSigner('another-secret-of-thirty-two-characters!', 'https://tafl.example.org');
    for (const token of [
      `${altered}.${signature}`,
      tokenOf(other.link(claim, 0)),
      body,
      `${body}.${signature}.x`,
      '',
    ])
      expect(signer.read(token, 0)).toEqual({ ok: false, reason: 'forged' });
  });
});
