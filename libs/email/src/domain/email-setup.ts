/** Where a key's notification email goes (D14.2): `custom` sends nothing here. */
export type EmailServiceType = 'default' | 'sendgrid' | 'custom';

/** A key's email configuration as the senders need it: defaults filled, the SendGrid key opened. */
export interface EmailSetup {
  useEmailService: boolean;
  type: EmailServiceType;
  /** '' when not set: then nothing can be sent. */
  fromEmail: string;
  fromCompany: string;
  commentTemplateId: string;
  tagTemplateId: string;
  /** The workspace's SendGrid key, unsealed; only for type `sendgrid`, when set. */
  sendgridApiKey?: string;
  /** The hosted actions (`comment.add`, `comment_annotation.assign`, …) whose trigger is on. */
  triggers: ReadonlySet<string>;
}
