import { json } from '@app/platform';

const { boolean, mapOf, namedSchema, object, string } = json;

/** D14.1: `emailconfig/get|update`'s data (hosted shape). */
export const EMAIL_CONFIG = namedSchema(
  'EmailConfig',
  object({
    useEmailService: boolean(),
    emailServiceConfig: object(
      {
        type: string('`default` (SMTP relay), `sendgrid` or `custom` (nothing sent here)'),
        apiKey: string('The SendGrid key: "..." and its last four characters; empty when none'),
        fromEmail: string(),
        fromCompany: string(),
        commentTemplateId: string(),
        tagTemplateId: string(),
        triggers: mapOf(
          { oneOf: [boolean(), mapOf(boolean())] },
          'Hosted action (`comment.add`) → on, or a group of them; present once set or seeded',
        ),
      },
      { optional: ['triggers'] },
    ),
  }),
);
