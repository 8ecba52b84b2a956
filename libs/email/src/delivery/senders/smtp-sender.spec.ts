import { smtpFailure } from './smtp-sender';

describe('SMTP failures (D14.4)', () => {
  it('retries a 4xx reply and a connection that failed; records a 5xx reply', () => {
    expect(smtpFailure({ responseCode: 451, response: '451 bob@example.com later' })).toEqual({
      sent: false,
      temporary: true,
      reason: 'SMTP 451',
    });
    expect(smtpFailure({ responseCode: 550, response: '550 no bob@example.com' })).toEqual({
      sent: false,
      temporary: false,
      reason: 'SMTP 550',
    });
    expect(smtpFailure({ code: 'ECONNREFUSED' })).toEqual({
      sent: false,
      temporary: true,
      reason: 'SMTP ECONNREFUSED',
    });
    expect(smtpFailure({ code: 'EENVELOPE' })).toMatchObject({ temporary: false });
  });

  it('records a 5xx to the recipient or the message, and retries one of the set-up', () => {
    expect(smtpFailure({ responseCode: 550, command: 'RCPT TO' })).toEqual({
      sent: false,
      temporary: false,
      reason: 'SMTP 550 at RCPT TO',
    });
    expect(smtpFailure({ responseCode: 554, command: 'DATA' })).toMatchObject({ temporary: false });
    // A wrong password, a relay refusing at its greeting or refusing the sender: every
    // email would fail alike, and fixing the relay must send them.
    expect(smtpFailure({ responseCode: 535, command: 'AUTH PLAIN' })).toEqual({
      sent: false,
      temporary: true,
      reason: 'SMTP 535 at AUTH PLAIN',
    });
    expect(smtpFailure({ responseCode: 554, command: 'CONN' })).toMatchObject({ temporary: true });
    expect(smtpFailure({ responseCode: 535, command: 'AUTH CRAM-MD5' })).toMatchObject({
      temporary: true,
    });
    expect(smtpFailure({ responseCode: 535, command: 'AUTH XOAUTH2' })).toMatchObject({
      temporary: true,
    });
    expect(smtpFailure({ responseCode: 550, command: 'MAIL FROM' })).toMatchObject({
      temporary: true,
    });
    expect(smtpFailure({ responseCode: 550, command: 'bob@example.com' })).toEqual({
      sent: false,
      temporary: false,
      reason: 'SMTP 550',
    });
  });

  it('never puts a reply text or an odd code in the reason', () => {
    expect(smtpFailure({ code: 'bob@example.com' })).toEqual({
      sent: false,
      temporary: true,
      reason: 'SMTP failed',
    });
    expect(smtpFailure(new Error('boom bob@example.com'))).toEqual({
      sent: false,
      temporary: true,
      reason: 'SMTP failed',
    });
  });
});
