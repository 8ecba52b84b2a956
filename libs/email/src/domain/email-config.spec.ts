import {
  applyEmailConfig,
  emailConfigOfNewKey,
  NO_EMAIL_CONFIG,
  serviceTypeOf,
  triggersOn,
} from './email-config';

describe('email configuration (D14.1)', () => {
  it('turns a trigger on from either form, and off only where both leave it off', () => {
    const on = triggersOn({
      'comment.add': true,
      'comment.delete': false,
      comment: { 'comment.update': true, 'comment.delete': false },
      huddle: { 'huddle.join': false },
    });
    expect([...on].sort()).toEqual(['comment.add', 'comment.update']);
  });

  it('merges groups name by name; a flat trigger replaces, the stored config is not changed', () => {
    const current = { ...NO_EMAIL_CONFIG, triggers: { comment: { 'comment.add': true } } };
    const next = applyEmailConfig(current, {
      emailServiceConfig: {
        triggers: { comment: { 'comment.update': false }, 'huddle.join': true },
      },
    });
    expect(next.triggers).toEqual({
      comment: { 'comment.add': true, 'comment.update': false },
      'huddle.join': true,
    });
    expect(current.triggers).toEqual({ comment: { 'comment.add': true } });
  });

  it('seeds on the first enable only, with the request on top', () => {
    const seeded = applyEmailConfig(NO_EMAIL_CONFIG, {
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid' },
    });
    expect(seeded).toMatchObject({ useEmailService: true, type: 'sendgrid' });
    expect(Object.keys(seeded.triggers!)).toEqual(['comment', 'huddle']);
    const off = applyEmailConfig(
      { ...NO_EMAIL_CONFIG, triggers: { 'comment.add': false } },
      {
        useEmailService: true,
      },
    );
    expect(off).toMatchObject({ type: 'default', triggers: { 'comment.add': false } });
  });

  it('replaces only a type nobody chose on the first enable', () => {
    const enable = { useEmailService: true };
    expect(applyEmailConfig(NO_EMAIL_CONFIG, enable).type).toBe('custom');
    const chosenDefault = applyEmailConfig(NO_EMAIL_CONFIG, {
      emailServiceConfig: { type: 'default' },
    });
    expect(chosenDefault.typeChosen).toBe(true);
    expect(applyEmailConfig(chosenDefault, enable)).toMatchObject({
      type: 'default',
      typeChosen: true,
    });
    // A state recorded before the flag existed: a non-default type is kept all the same.
    expect(applyEmailConfig({ ...NO_EMAIL_CONFIG, type: 'sendgrid' }, enable).type).toBe(
      'sendgrid',
    );
    expect(emailConfigOfNewKey({ emailServiceConfig: { type: 'default' } }).typeChosen).toBe(true);
    expect(applyEmailConfig(NO_EMAIL_CONFIG, enable)).not.toHaveProperty('typeChosen');
  });

  it("reads operation 1's settings, and an unknown stored type as custom", () => {
    expect(emailConfigOfNewKey({ emailServiceConfig: { type: 'mailgun' } }).type).toBe('mailgun');
    expect(serviceTypeOf('mailgun')).toBe('custom');
    expect(serviceTypeOf('sendgrid')).toBe('sendgrid');
    expect(emailConfigOfNewKey({ setDefaultEmailTriggers: true }).triggers).toHaveProperty(
      'huddle',
    );
    expect(emailConfigOfNewKey({})).toEqual(NO_EMAIL_CONFIG);
  });
});
