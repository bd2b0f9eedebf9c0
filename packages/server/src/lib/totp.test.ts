import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, totpCode, totpUri } from './totp.js';

/** RFC 6238 Appendix B: the SHA-1 seed is the ASCII "12345678901234567890", codes of 8 digits. */
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s the SHA-1 code is %s', (seconds, code) => {
    expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('gives RFC 4226 Appendix D HOTP codes', () => {
    const codes = [0, 1, 2, 3, 9].map((counter) => hotp(RFC_KEY, counter));
    expect(codes).toEqual(['755224', '287082', '359152', '969429', '520489']);
  });

  it('reads back the base32 it writes, and the RFC 4648 example', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('accepts the code of now and of the neighbouring steps, once each', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_111_111_111_000;
    expect(totpCode(secret, now)).toBe('050471');
    const step = matchTotp(secret, '050471', now);
    expect(step).toBe(Math.floor(now / 30_000));
    // The same code again, or an older one, is a replay.
    expect(matchTotp(secret, '050471', now, step ?? 0)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, step ?? 0)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(totpUri('MZXW6YTBOI', 'alice')).toBe(
      'otpauth://totp/Haoka:alice?secret=MZXW6YTBOI&issuer=Haoka&algorithm=SHA1&digits=6&period=30',
    );
  });
});
