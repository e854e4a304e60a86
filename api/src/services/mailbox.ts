import type { Queryable } from '../db/types';

/** The local mailbox (wf_auth.mailbox, written by auth/service.ts's createDbMailer): what /dev/mailbox shows. */
export interface MailRow {
  id: string;
  to_email: string;
  subject: string;
  text_body: string;
  code: string | null;
  created_at: Date | string;
}

/** The newest 100 mails, to one address (any case) or to anyone. */
export async function listMail(db: Queryable, to: string | undefined): Promise<MailRow[]> {
  const r = to
    ? await db.query<MailRow>(
        'SELECT id, to_email, subject, text_body, code, created_at FROM wf_auth.mailbox WHERE lower(to_email) = lower($1) ORDER BY id DESC LIMIT 100',
        [to],
      )
    : await db.query<MailRow>(
        'SELECT id, to_email, subject, text_body, code, created_at FROM wf_auth.mailbox ORDER BY id DESC LIMIT 100',
      );
  return r.rows;
}
