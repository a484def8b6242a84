import { describe, expect, it } from 'vitest';
import { verificationFileProblem, verificationRejectSchema } from './schemas';

describe('verification files picked in the browser', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('accepts PDF, JPEG and PNG up to 1 MB', () => {
    expect(verificationFileProblem(file('ine.pdf', 'application/pdf'))).toBeNull();
    expect(verificationFileProblem(file('INE.JPG', 'image/jpeg'))).toBeNull();
    expect(verificationFileProblem(file('ine.jpeg', 'image/jpeg'))).toBeNull();
    expect(verificationFileProblem(file('csf.png', 'image/png', 1024 * 1024))).toBeNull();
  });

  it('refuses other types, by browser type or by name', () => {
    expect(verificationFileProblem(file('ine.exe', 'application/x-msdownload'))).toBe(
      'FILE_TYPE_NOT_ALLOWED',
    );
    expect(verificationFileProblem(file('ine.png.exe', ''))).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(verificationFileProblem(file('ine.png', 'text/html'))).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(verificationFileProblem(file('ine.webp', 'image/webp'))).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses files over 1 MB and empty ones', () => {
    expect(verificationFileProblem(file('ine.pdf', 'application/pdf', 1024 * 1024 + 1))).toBe(
      'FILE_TOO_LARGE',
    );
    expect(verificationFileProblem(file('ine.pdf', 'application/pdf', 0))).toBe('FILE_REQUIRED');
  });
});

describe('rejection reason', () => {
  it('is required, trimmed and at most 500 characters', () => {
    expect(verificationRejectSchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(verificationRejectSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(verificationRejectSchema.parse({ reason: ' Borrosa ' })).toEqual({ reason: 'Borrosa' });
  });
});
